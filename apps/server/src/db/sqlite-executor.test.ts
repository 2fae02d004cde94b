import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, type TestSchema } from '../test/postgres-schema.ts';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { createDatabase, migrateToLatest, type Database } from './database.ts';
import { createLogsRepository, type NewLog } from './repositories/logs.ts';
import { createSubscriptionsRepository } from './repositories/subscriptions.ts';
import { createUsageRepository, type FreeLimits } from './repositories/usage.ts';
import { createSqliteExecutor, type SqliteExecutor } from './sqlite-executor.ts';
import { withStatementCache } from './statement-cache.ts';

const openSqlite = useTempSqlite('pp-executor-');
let postgres: { db: Database; schema: TestSchema } | undefined;
afterEach(async () => {
  await postgres?.db.destroy();
  await postgres?.schema.drop();
  postgres = undefined;
});

/** The executor, counting the statements it ran: proof that the path under test was the one taken. */
function counted(sqlite: SqliteExecutor) {
  const seen = { statements: 0 };
  const executor: SqliteExecutor = {
    get free() {
      return sqlite.free;
    },
    run: (query) => (seen.statements++, sqlite.run(query)),
    first: (query) => (seen.statements++, sqlite.first(query)),
    transaction: (work) => sqlite.transaction(work),
  };
  return { executor, seen };
}

const PATHS = ['sqlite, executor', 'sqlite, Kysely', 'postgres, Kysely'] as const;

/** The repositories that run every comparison's statements, on one path. */
async function repositoriesOn(path: (typeof PATHS)[number], limits: FreeLimits = { perVisitor: 5, perIp: 5 }) {
  let db: Database;
  let executor: SqliteExecutor | undefined;
  let seen = { statements: 0 };
  if (path === 'postgres, Kysely') {
    const schema = await createTestSchema('pp_executor');
    db = createDatabase({ databaseUrl: schema.url, dataDir: '' });
    postgres = { db, schema };
    await migrateToLatest(db);
  } else {
    const opened = await openSqlite();
    db = opened.db;
    if (path === 'sqlite, executor') ({ executor, seen } = counted(opened.sqlite));
  }
  return {
    db,
    seen,
    usage: createUsageRepository(db, limits, executor),
    logs: createLogsRepository(db, executor),
    subscriptions: createSubscriptionsRepository(db, executor),
  };
}

const newLog = (prompt: string): NewLog => ({ visitorId: 'v1', prompt, aJson: '{"message":"a"}', bJson: '{"message":"b"}', aLogOutput: true, bLogOutput: false });
const sealed = { email: 'ada@example.com', chatgptKey: 'sealed-chat', palmapiKey: 'sealed-palm' };

describe.each(PATHS)('the statements every comparison runs, on %s', (path) => {
  it('keep the free cap exact in parallel, and a refused claim takes nothing', async () => {
    const { db, usage, seen } = await repositoriesOn(path, { perVisitor: 3, perIp: 4 });
    const claims = await Promise.all(Array.from({ length: 10 }, () => usage.claimFreePrompt('v1', '10.0.0.1')));
    expect(claims.filter(Boolean)).toHaveLength(3);
    // The visitor is used up; another visitor on the same address gets the address's last prompt.
    expect(await usage.claimFreePrompt('v2', '10.0.0.1')).toBe(true);
    expect(await usage.claimFreePrompt('v3', '10.0.0.1')).toBe(false);
    // v3's row was rolled back with its refused claim.
    expect(await db.selectFrom('visitors').select(['id', 'free_used']).orderBy('id').execute()).toEqual([
      { id: 'v1', free_used: 3 },
      { id: 'v2', free_used: 1 },
    ]);
    expect(await usage.freePromptsLeft('v2', '10.0.0.1')).toBe(0);
    expect(seen.statements > 0).toBe(path === 'sqlite, executor');
  });

  it('count only the visitor when the per-IP ceiling is off', async () => {
    const { db, usage } = await repositoriesOn(path, { perVisitor: 2, perIp: 0 });
    expect(await usage.claimFreePrompt('v1', '10.0.0.1')).toBe(true);
    expect(await usage.claimFreePrompt('v1', '10.0.0.1')).toBe(true);
    expect(await usage.claimFreePrompt('v1', '10.0.0.1')).toBe(false);
    expect(await db.selectFrom('ip_usage').selectAll().execute()).toEqual([]);
  });

  it('write every column of a log, the spec pair or any pair', async () => {
    const { logs, seen } = await repositoriesOn(path);
    const spec = await logs.insert(newLog('the spec pair'));
    const pair = await logs.insert({
      ...newLog('any pair'),
      id: 'chosen-id',
      settings: { a: { temperature: 0.5 }, b: { model: 'gemini-3-flash-preview' } },
      sides: { a: { service: 'anthropic', kind: 'anthropic', model: 'claude-x' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o-mini' } },
    });
    expect(pair).toBe('chosen-id');
    expect(await logs.findById(spec)).toMatchObject({
      visitor_id: 'v1',
      prompt_message: 'the spec pair',
      side_a_data: '{"message":"a"}',
      side_b_data: '{"message":"b"}',
      side_a_log_output: 1,
      side_b_log_output: 0,
      side_a_settings: null,
      side_b_settings: null,
      side_a_service: 'chatgpt',
      side_a_kind: 'openai',
      side_a_model: null,
      side_b_service: 'palm',
      side_b_kind: 'google',
      side_b_model: null,
    });
    expect(await logs.findById(pair)).toMatchObject({
      prompt_message: 'any pair',
      side_a_settings: '{"temperature":0.5}',
      side_b_settings: '{"model":"gemini-3-flash-preview"}',
      side_a_service: 'anthropic',
      side_a_model: 'claude-x',
      side_b_kind: 'openai',
      side_b_model: 'gpt-4o-mini',
    });
    expect(seen.statements).toBe(path === 'sqlite, executor' ? 2 : 0);
  });

  it('read a subscriber\'s saved keys as Kysely reads them', async () => {
    const { db, subscriptions, seen } = await repositoriesOn(path);
    await subscriptions.insert('v1', sealed);
    const found = await subscriptions.findByVisitor('v1');
    expect(found).toEqual(await db.selectFrom('subscriptions').selectAll().where('visitor_id', '=', 'v1').executeTakeFirst());
    expect(found).toMatchObject({ visitor_id: 'v1', chatgpt_key: 'sealed-chat', palmapi_key: 'sealed-palm', status: 'active' });
    expect(await subscriptions.findByVisitor('nobody')).toBeUndefined();
    expect(seen.statements).toBe(path === 'sqlite, executor' ? 2 : 0);
  });
});

/** A Kysely transaction on `db` held open between its awaits until `release()`, then rolled back. */
async function heldTransaction(db: Database, work: (trx: Database) => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const isOpen = new Promise<void>((resolve) => (opened = resolve));
  const done = db.transaction().execute(async (trx) => {
    await work(trx);
    opened();
    await held;
    throw new Error('rolled back');
  });
  await isOpen;
  return { release, done };
}

describe('the SQLite executor beside Kysely', () => {
  it('never lands inside a transaction another caller has open: its statements wait for it, and its rollback leaves them', async () => {
    const { db, logs, usage } = await repositoriesOn('sqlite, executor');
    const other = await heldTransaction(db, async (trx) => {
      await trx.insertInto('visitors').values({ id: 'other', created_at: 'now', free_used: 0 }).execute();
    });
    const insert = logs.insert(newLog('written while another transaction was open'));
    const claim = usage.claimFreePrompt('v1', '10.0.0.1');
    other.release();
    await expect(other.done).rejects.toThrow('rolled back');
    const id = await insert;
    expect(await claim).toBe(true);
    expect(await logs.findById(id)).toMatchObject({ prompt_message: 'written while another transaction was open' });
    expect(await db.selectFrom('visitors').select(['id', 'free_used']).execute()).toEqual([{ id: 'v1', free_used: 1 }]);
  });

  it('never reads another transaction\'s uncommitted row', async () => {
    const { db, subscriptions } = await repositoriesOn('sqlite, executor');
    const other = await heldTransaction(db, (trx) => subscriptions.insert('v2', { ...sealed, email: 'bo@example.com' }, trx));
    const lookup = subscriptions.findByVisitor('v2');
    other.release();
    await expect(other.done).rejects.toThrow('rolled back');
    expect(await lookup).toBeUndefined();
  });

  it('is not free while the WAL checkpointer finishes a round, nor once closed', () => {
    const handle = new SQLite(':memory:');
    let paused: Promise<void> | undefined;
    const checkpointer = { get paused() { return paused; }, checkpoint: () => Promise.reject(new Error('not run')), close: () => Promise.resolve() };
    const statements = withStatementCache(handle);
    const sqlite = createSqliteExecutor(handle, statements, checkpointer);
    expect(sqlite.free).toBe(true);
    paused = new Promise(() => {});
    expect(sqlite.free).toBe(false);
    paused = undefined;
    expect(sqlite.first(CompiledQuery.raw('select ? as n', [1]))).toEqual({ n: 1 });
    statements.close();
    expect(sqlite.free).toBe(false);
  });
});
