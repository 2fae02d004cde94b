import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestSchema } from '../test/postgres-schema.ts';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { createDatabase, migrateToLatest, type Database } from './database.ts';

// A transaction that fails because the database failed reports that failure, not the ROLLBACK that
// followed: SQLite rolls a transaction back itself on SQLITE_FULL (a second ROLLBACK would fail with
// "cannot rollback - no transaction is active"), and a terminated PostgreSQL backend cannot take one.
// The connection serves the next transaction either way.

const insertRow = (db: Database, id: string) => db.insertInto('contact_messages').values({ id, visitor_id: 'v', email: 'a@example.com', message: 'x'.repeat(50_000), created_at: 'now' }).execute();

describe('a transaction SQLite rolled back itself (a full disk)', () => {
  const open = useTempSqlite('promptpair-trx-');

  it('throws SQLITE_FULL, and the next transaction works', async () => {
    const { db } = await open();
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    // The file may not grow: the same SQLITE_FULL a full disk gives, from SQLite itself.
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
    const failed = db.transaction().execute(async (trx) => insertRow(trx, 'one'));
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    await sql`pragma max_page_count = 1073741823`.execute(db);
    await db.transaction().execute(async (trx) => insertRow(trx, 'two'));
    expect(await db.selectFrom('contact_messages').select('id').execute()).toEqual([{ id: 'two' }]);
  });
});

describe('a transaction whose PostgreSQL backend was terminated', () => {
  let schema: TestSchema;
  let db: Database;
  beforeAll(async () => {
    schema = await createTestSchema('pp_trx');
    db = createDatabase({ databaseUrl: schema.url, dataDir: '' });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  it('throws 57P01 (not the failed ROLLBACK), and the pool serves the next transaction on a new connection', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await insertRow(trx, 'one');
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const pid = rows[0]!.pid;
      // Terminated while it runs a statement, so that statement is the one told why (a backend
      // ended between statements may only show as a closed connection).
      const running = sql`select pg_sleep(30)`.execute(trx);
      // It may fail while the termination below is still being answered: handled now, thrown below.
      running.catch(() => undefined);
      const active = async () => (await schema.admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query LIKE '%pg_sleep%'", [pid])).rowCount;
      while (!(await active())) await new Promise((resolve) => setTimeout(resolve, 20));
      await schema.admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await running;
    });
    await expect(failed).rejects.toMatchObject({ code: '57P01' });
    await db.transaction().execute(async (trx) => insertRow(trx, 'two'));
    expect(await db.selectFrom('contact_messages').select('id').execute()).toEqual([{ id: 'two' }]);
  });
});
