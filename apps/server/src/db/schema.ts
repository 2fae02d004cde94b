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
  chatgpt_data: string;
  palm_data: string;
  /** The visitor ticked 'log output' for that service (see docs/decisions.md). */
  chatgpt_log_output: number;
  palm_log_output: number;
  created_at: string;
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
}
