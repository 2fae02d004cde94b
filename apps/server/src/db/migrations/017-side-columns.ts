import type { Kysely } from 'kysely';

/**
 * One name for each side in storage (docs/decisions.md, "Any service on either side"): the paired columns the spec's
 * pair gave their names to (chatgpt_* for side a, palm_* for side b) take the `side_a_*` / `side_b_*`
 * names that migrations 011 and 012 already use. A vote's copy of the models that answered becomes
 * `side_*_answered_model`, apart from a log's `side_*_model` (the model asked for). A rename keeps
 * every row and index as it was, on SQLite and PostgreSQL alike; the spec's names stay at the API edge.
 */
const RENAMES: Record<string, [from: string, to: string][]> = {
  logs: [
    ['chatgpt_data', 'side_a_data'],
    ['palm_data', 'side_b_data'],
    ['chatgpt_log_output', 'side_a_log_output'],
    ['palm_log_output', 'side_b_log_output'],
    ['chatgpt_settings', 'side_a_settings'],
    ['palm_settings', 'side_b_settings'],
  ],
  comparison_votes: [
    ['chatgpt_model', 'side_a_answered_model'],
    ['palm_model', 'side_b_answered_model'],
    ['chatgpt_self_named', 'side_a_self_named'],
    ['palm_self_named', 'side_b_self_named'],
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, renames] of Object.entries(RENAMES)) {
    for (const [from, to] of renames) await db.schema.alterTable(table).renameColumn(from, to).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, renames] of Object.entries(RENAMES)) {
    for (const [from, to] of renames) await db.schema.alterTable(table).renameColumn(to, from).execute();
  }
}
