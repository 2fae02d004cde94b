import type { Kysely } from 'kysely';

/**
 * Deciding which answer is better. An answer's tokens in and out, model and cost
 * travel inside chatgpt_data / palm_data with the rest of that answer, so they need no column.
 * - logs.chatgpt_settings / palm_settings: what each side was sent with (JSON, never a key), for
 *   the shared page; null on records made before.
 * - comparison_votes: one row per blind comparison, made with it, holding the order the server
 *   drew (which service was "Answer A") until the visitor votes; the choice is null until then.
 *   The models are copied here so the scoreboard's pairs need not parse every record's JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logs').addColumn('chatgpt_settings', 'text').execute();
  await db.schema.alterTable('logs').addColumn('palm_settings', 'text').execute();

  await db.schema
    .createTable('comparison_votes')
    .addColumn('log_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('answer_a', 'varchar(16)', (c) => c.notNull())
    .addColumn('chatgpt_model', 'varchar(200)')
    .addColumn('palm_model', 'varchar(200)')
    .addColumn('choice', 'varchar(16)')
    .addColumn('chatgpt_self_named', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('palm_self_named', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('voted_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('comparison_votes_visitor').on('comparison_votes').columns(['visitor_id', 'voted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comparison_votes').execute();
  await db.schema.alterTable('logs').dropColumn('palm_settings').execute();
  await db.schema.alterTable('logs').dropColumn('chatgpt_settings').execute();
}
