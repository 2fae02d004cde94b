import type { Kysely } from 'kysely';

/**
 * Each side of a comparison names its service, the service's kind and the model asked for, so a
 * log row can hold any pair (docs/decisions.md, "Any service on either side"): side a's result
 * stays in chatgpt_data and side b's in palm_data, the columns the spec's pair always used (left,
 * right). Rows written before this migration are the spec's pair: the defaults say so, so every old
 * record reads as it did, without rewriting a row. The model stays null for them; their result
 * JSON names the model that answered when it was known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('logs')
    .addColumn('side_a_service', 'varchar(40)', (column) => column.notNull().defaultTo('chatgpt'))
    .execute();
  await db.schema.alterTable('logs').addColumn('side_a_kind', 'varchar(40)', (column) => column.notNull().defaultTo('openai')).execute();
  await db.schema.alterTable('logs').addColumn('side_a_model', 'varchar(100)').execute();
  await db.schema.alterTable('logs').addColumn('side_b_service', 'varchar(40)', (column) => column.notNull().defaultTo('palm')).execute();
  await db.schema.alterTable('logs').addColumn('side_b_kind', 'varchar(40)', (column) => column.notNull().defaultTo('google')).execute();
  await db.schema.alterTable('logs').addColumn('side_b_model', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['side_a_service', 'side_a_kind', 'side_a_model', 'side_b_service', 'side_b_kind', 'side_b_model']) {
    await db.schema.alterTable('logs').dropColumn(column).execute();
  }
}
