import type { Kysely } from 'kysely';

/**
 * A subscription's key per service beyond the spec's two (docs/decisions.md, "Saved keys per
 * service"): one row per (subscription, service), the key sealed by lib/secrets.ts as the
 * subscription's own two are. Those two stay in their columns, so every old subscription reads as it did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_keys')
    .addColumn('subscription_id', 'varchar(64)', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('service', 'varchar(40)', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscription_keys_pk', ['subscription_id', 'service'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_keys').execute();
}
