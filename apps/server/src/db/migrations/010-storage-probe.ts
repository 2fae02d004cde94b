import type { Kysely } from 'kysely';

/**
 * One row that `/readyz` writes (db/write-probe.ts): a database that answers reads but cannot write
 * (a full disk, a read-only file) is not ready. A table of its own, so the probe touches no data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_probe')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('probed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_probe').execute();
}
