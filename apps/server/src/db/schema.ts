import type { Generated } from 'kysely';

/** Tables as Kysely sees them. Times are ISO 8601 UTC text and flags 0/1, the same on SQLite and PostgreSQL. */
export interface VisitorsTable {
  id: string;
  free_used: Generated<number>;
  created_at: string;
}

export interface IpUsageTable {
  ip: string;
  free_used: Generated<number>;
}

export interface LogsTable {
  id: string;
  visitor_id: string;
  prompt_message: string;
  side_a_data: string;
  side_b_data: string;
  /** The visitor ticked 'log output' for that service (see docs/decisions.md). */
  side_a_log_output: number;
  side_b_log_output: number;
  created_at: string;
  /** What each side was sent with, as JSON without the key (migration 006); null before. */
  side_a_settings: string | null;
  side_b_settings: string | null;
  /**
   * Each side's service id, kind and the model asked for (migration 011); side_a_* columns hold side a
   * (left), side_b_* side b (right), named so by migration 017. Rows from before 011 are the spec's pair (the defaults).
   */
  side_a_service: Generated<string>;
  side_a_kind: Generated<string>;
  side_a_model: string | null;
  side_b_service: Generated<string>;
  side_b_kind: Generated<string>;
  side_b_model: string | null;
  /** A general pair's conversation (its first turn's log id) and this row's turn from 1 (migration 014); null before and for the spec's body. */
  conversation_id: string | null;
  turn: number | null;
  /** The turn's choice as the contract's TTurnChoice in JSON, null for a plain turn; and the row's place in its conversation (migration 015). */
  turn_choice: string | null;
  step: number | null;
}

/** A share link: the public, unguessable hash of one log (migration 002). */
export interface SharesTable {
  hash: string;
  log_id: string;
  created_at: string;
}

/** A Contact Us message, kept for CONTACT_RETENTION_DAYS (docs/decisions.md). */
export interface ContactMessagesTable {
  id: string;
  visitor_id: string;
  email: string;
  message: string;
  created_at: string;
}

export interface DB {
  visitors: VisitorsTable;
  ip_usage: IpUsageTable;
  logs: LogsTable;
  shares: SharesTable;
  contact_messages: ContactMessagesTable;
  subscriptions: SubscriptionsTable;
  subscription_keys: SubscriptionKeysTable;
  batch_jobs: BatchJobsTable;
  batch_items: BatchItemsTable;
  comparison_votes: ComparisonVotesTable;
  storage_probe: StorageProbeTable;
}

/** The row `/readyz` writes to learn that the database can write (migration 010). */
export interface StorageProbeTable {
  id: string;
  probed_at: string;
}

/** A blind comparison's hidden order and, once given, its vote (migration 006). */
export interface ComparisonVotesTable {
  log_id: string;
  visitor_id: string;
  /** The side shown as "Answer A": `a` or `b` (migration 018). */
  answer_a: string;
  side_a_answered_model: string | null;
  side_b_answered_model: string | null;
  /** a, b, tie or both_bad; null until the visitor votes. */
  choice: string | null;
  side_a_self_named: number;
  side_b_self_named: number;
  created_at: string;
  voted_at: string | null;
  /** A turn of a blind conversation names it (its first turn's log id); null for a single comparison (migration 016). */
  conversation_id: string | null;
  /** When a conversation's pairing was shown, by a vote on any of its turns or its end; null otherwise. */
  revealed_at: string | null;
}

/** A subscription (migration 003). The keys are sealed by lib/secrets.ts, never stored in clear. */
export interface SubscriptionsTable {
  id: string;
  visitor_id: string;
  /** Lower-cased, so one address cannot hold two subscriptions by case alone. */
  email: string;
  chatgpt_key: string;
  palmapi_key: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A subscription's sealed key for one service other than the spec's two (migration 013). */
export interface SubscriptionKeysTable {
  subscription_id: string;
  service: string;
  sealed_key: string;
  updated_at: string;
}

/** A prompt-list run (migration 004); settings is the page's settings as JSON, without keys. */
export interface BatchJobsTable {
  id: string;
  visitor_id: string;
  filename: string;
  status: string;
  total: number;
  settings: string;
  concurrency: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** When the process now working the job took it, and how many prompts had finished then (for the ETA). */
  run_started_at: string | null;
  run_start_finished: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  /** Where the run was uploaded from (migration 009); null for older runs. */
  client_ip: string | null;
  /** Each side's service, kind and model (migration 012); the spec's pair by default, with no model. */
  side_a_service: Generated<string>;
  side_a_kind: Generated<string>;
  side_a_model: string | null;
  side_b_service: Generated<string>;
  side_b_kind: Generated<string>;
  side_b_model: string | null;
}

/** One prompt of a run; log_id is fixed at upload so its record is written at most once. */
export interface BatchItemsTable {
  job_id: string;
  idx: number;
  prompt: string;
  log_id: string;
  status: Generated<string>;
  finished_at: string | null;
  /** The side the results view shows as "Answer A" (`a` or `b`), as comparison_votes.answer_a keeps it; drawn when first shown (migration 008). */
  answer_a: string | null;
}
