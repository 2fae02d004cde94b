import type { Kysely } from 'kysely';

/**
 * Share links (one per log, so sharing twice gives the same link) and contact messages.
 * A separate shares table keeps the public hash apart from the private log id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('log_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('shares').execute();
}
