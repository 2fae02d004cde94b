import type { Kysely } from 'kysely';

/** Visitors and their free-prompt count, per-IP counts, and the comparison log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitors')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('free_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ip_usage')
    .addColumn('ip', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('free_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('logs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('prompt_message', 'text', (c) => c.notNull())
    .addColumn('chatgpt_data', 'text', (c) => c.notNull())
    .addColumn('palm_data', 'text', (c) => c.notNull())
    .addColumn('chatgpt_log_output', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('palm_log_output', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('logs_visitor_created').on('logs').columns(['visitor_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('logs').execute();
  await db.schema.dropTable('ip_usage').execute();
  await db.schema.dropTable('visitors').execute();
}
