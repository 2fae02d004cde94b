import { describe, expect, it } from 'vitest';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { createLogsRepository } from './repositories/logs.ts';
import { createSubscriptionsRepository } from './repositories/subscriptions.ts';
import { createUsageRepository } from './repositories/usage.ts';

const openDatabase = useTempSqlite('pp-direct-');
const open = async () => (await openDatabase()).db;

const newLog = (prompt: string) => ({ visitorId: 'v1', prompt, chatGPTJson: '{}', palmJson: '{}', chatGPTLogOutput: false, palmLogOutput: false });

describe('the statements every comparison runs, straight on SQLite', () => {
  it('never land inside a transaction another caller has open: they wait for it, and its rollback leaves them', async () => {
    const db = await open();
    const logs = createLogsRepository(db);
    const usage = createUsageRepository(db, { perVisitor: 5, perIp: 5 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const other = db.transaction().execute(async (trx) => {
      await trx.insertInto('visitors').values({ id: 'other', created_at: 'now', free_used: 0 }).execute();
      opened();
      await held;
      throw new Error('rolled back');
    });
    await isOpen;
    const insert = logs.insert(newLog('written while another transaction was open'));
    const claim = usage.claimFreePrompt('v1', '10.0.0.1');
    release();
    await expect(other).rejects.toThrow('rolled back');
    const id = await insert;
    expect(await claim).toBe(true);
    expect(await logs.findById(id)).toMatchObject({ prompt_message: 'written while another transaction was open' });
    expect(await db.selectFrom('visitors').select(['id', 'free_used']).execute()).toEqual([{ id: 'v1', free_used: 1 }]);
  });

  it('keep the free cap exact, and a refused claim takes nothing', async () => {
    const db = await open();
    const usage = createUsageRepository(db, { perVisitor: 3, perIp: 4 });
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
  });

  it('read a subscriber\'s saved keys as Kysely would, and never another transaction\'s uncommitted row', async () => {
    const db = await open();
    const subscriptions = createSubscriptionsRepository(db);
    const sealed = { email: 'ada@example.com', chatgptKey: 'sealed-chat', palmapiKey: 'sealed-palm' };
    await subscriptions.insert('v1', sealed);
    const direct = await subscriptions.findByVisitor('v1');
    expect(direct).toEqual(await db.selectFrom('subscriptions').selectAll().where('visitor_id', '=', 'v1').executeTakeFirst());
    expect(direct).toMatchObject({ visitor_id: 'v1', chatgpt_key: 'sealed-chat', status: 'active' });
    expect(await subscriptions.findByVisitor('nobody')).toBeUndefined();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const other = db.transaction().execute(async (trx) => {
      await subscriptions.insert('v2', { ...sealed, email: 'bo@example.com' }, trx);
      opened();
      await held;
      throw new Error('rolled back');
    });
    await isOpen;
    const lookup = subscriptions.findByVisitor('v2');
    release();
    await expect(other).rejects.toThrow('rolled back');
    expect(await lookup).toBeUndefined();
  });
});
