import type { Kysely } from 'kysely';

/**
 * A prompt-list run names each side's service, kind and model, as a log row does (migration 011):
 * a run may be started on any pair (docs/decisions.md, "Any service on either side"). Runs made
 * before it are the spec's pair, as the defaults say, so every old run reads as it did without a
 * rewrite. The model stays null for the spec's pair: its prompts get today's default as they are sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batch_jobs').addColumn('side_a_service', 'varchar(40)', (column) => column.notNull().defaultTo('chatgpt')).execute();
  await db.schema.alterTable('batch_jobs').addColumn('side_a_kind', 'varchar(40)', (column) => column.notNull().defaultTo('openai')).execute();
  await db.schema.alterTable('batch_jobs').addColumn('side_a_model', 'varchar(100)').execute();
  await db.schema.alterTable('batch_jobs').addColumn('side_b_service', 'varchar(40)', (column) => column.notNull().defaultTo('palm')).execute();
  await db.schema.alterTable('batch_jobs').addColumn('side_b_kind', 'varchar(40)', (column) => column.notNull().defaultTo('google')).execute();
  await db.schema.alterTable('batch_jobs').addColumn('side_b_model', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['side_a_service', 'side_a_kind', 'side_a_model', 'side_b_service', 'side_b_kind', 'side_b_model']) {
    await db.schema.alterTable('batch_jobs').dropColumn(column).execute();
  }
}
