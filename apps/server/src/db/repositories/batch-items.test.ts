import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Database } from '../database.ts';
import { createBatchItemsRepository } from './batch-items.ts';
import { createBatchJobsRepository } from './batch-jobs.ts';

let db: Database | undefined;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const answer = { message: 'ok', tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null };

describe('batch items: finishing prompts', () => {
  it('records a group commit larger than SQLite takes in one statement (5,000 prompts)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'promptpair-items-'));
    db = createDatabase({ dataDir: dir });
    await migrateToLatest(db);
    const prompts = Array.from({ length: 5_000 }, (_, i) => `prompt ${i}`);
    const id = await createBatchJobsRepository(db).create({ visitorId: 'v', filename: 'big.txt', settings: '{}', concurrency: 5_000, prompts });
    const items = createBatchItemsRepository(db);
    const pending = await items.pending(id);
    const job = { id, visitorId: 'v' };
    const settings = { a: { temperature: 0.5 }, b: {} };
    const completions = pending.map((item) => ({ item, a: answer, b: item.idx === 0 ? { ...answer, errorMsg: 'failed' } : answer, settings }));

    await items.complete(job, completions);
    await items.complete(job, completions); // again, as after a crash: nothing changes

    expect(await items.counts(id)).toEqual({ done: 4_999, failed: 1, pending: 0 });
    const logs = await db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(logs.n)).toBe(5_000);
  });
});
