import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { precompile } from './precompiled.ts';
import type { DB } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

function openMemory() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`CREATE TABLE visitors (id TEXT PRIMARY KEY, free_used INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL)`);
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => (prepared.push(source), prepare(source)));
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, 3) }) });
  return { db, prepared };
}

let open: Database | undefined;
afterEach(async () => {
  await open?.destroy();
});

describe('precompile', () => {
  it('runs one compiled query with new values each time, keeping the constants the builder gave', async () => {
    const { db } = openMemory();
    open = db;
    const insert = precompile<{ id: string; at: string }>((p) => db.insertInto('visitors').values({ id: p.id, created_at: p.at, free_used: 7 }));
    await insert(db, { id: 'a', at: '2026-01-01' });
    await db.transaction().execute((trx) => insert(trx, { id: 'b', at: '2026-01-02' }));
    const rows = await db.selectFrom('visitors').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', free_used: 7, created_at: '2026-01-01' },
      { id: 'b', free_used: 7, created_at: '2026-01-02' },
    ]);
  });

  it('refuses a value the builder never passed to the query', async () => {
    const { db } = openMemory();
    open = db;
    const select = precompile<{ id: string; unused: string }>((p) => db.selectFrom('visitors').selectAll().where('id', '=', p.id));
    await expect(select(db, { id: 'a', unused: 'x' })).rejects.toThrow(/unused never reached/);
  });
});

describe('withStatementCache', () => {
  it('prepares each SQL text once and keeps only the most recent ones', async () => {
    const { db, prepared } = openMemory();
    open = db;
    const byId = (id: string) => db.selectFrom('visitors').selectAll().where('id', '=', id).execute();
    await byId('a');
    await byId('b');
    expect(prepared.filter((sql) => sql.startsWith('select')).length).toBe(1);

    // Bound of 3: after three other texts the first one is prepared again.
    for (const column of ['id', 'free_used', 'created_at'] as const) await db.selectFrom('visitors').select(column).execute();
    const before = prepared.length;
    await byId('c');
    expect(prepared.length).toBe(before + 1);
  });

  it('prepares a statement afresh while the cached one is still being iterated', () => {
    const sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite);
    const first = cache.prepare('select 1 as n union all select 2');
    const rows = first.iterate([])[Symbol.iterator]();
    rows.next();
    expect(cache.prepare('select 1 as n union all select 2')).not.toBe(first);
    rows.return?.();
    expect(cache.prepare('select 1 as n union all select 2')).toBe(first);
    cache.close();
  });
});
