import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Database } from '../../db/database.ts';
import { createBatchJobsRepository } from '../../db/repositories/batch-jobs.ts';
import { createTestSchema, type TestSchema } from '../../test/postgres-schema.ts';
import { advisoryKey, createAdvisoryLocks } from './advisory-locks.ts';
import type { JobLocks } from './job-locks.ts';

// Two processes' worth of job locks on one PostgreSQL schema, without the runner around them.
const silent = { warn: () => undefined } as never;
let schema: TestSchema;
let db: Database;
let jobId: string;
const opened: JobLocks[] = [];
const locks = () => {
  const created = createAdvisoryLocks(schema.url, silent);
  opened.push(created);
  return created;
};

beforeAll(async () => {
  schema = await createTestSchema('pp_locks');
  db = createDatabase({ databaseUrl: schema.url, dataDir: '.' });
  await migrateToLatest(db);
  jobId = await createBatchJobsRepository(db).create({ visitorId: 'v', filename: 'f.txt', settings: '{}', concurrency: 1, prompts: ['one'] });
});
afterAll(async () => {
  for (const lock of opened) await lock.close();
  await db.destroy();
  await schema.drop();
});

/** Ends the PostgreSQL session that holds the job's lock, as a dead connection would. */
async function killHolderSession(id: string): Promise<number> {
  const { rows } = await schema.admin.query<{ ended: boolean }>(
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
    [advisoryKey(id)],
  );
  return rows.filter((row) => row.ended).length;
}

/** Sessions holding the job's lock. */
async function holdersOf(id: string): Promise<number> {
  const { rows } = await schema.admin.query<{ held: string }>(
    `SELECT count(*) AS held FROM pg_locks WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
    [advisoryKey(id)],
  );
  return Number(rows[0]?.held ?? 0);
}

describe('PostgreSQL advisory job locks', () => {
  it('give a job to one holder; release hands it on, and a lost session frees it for the other', async () => {
    const [a, b] = [locks(), locks()];
    expect(await a.acquire(jobId)).toBe(true);
    expect(await a.acquire(jobId)).toBe(true); // the holder asking again keeps one lock, not two
    expect(await b.acquire(jobId)).toBe(false);
    expect(await a.confirm(jobId)).toBe(true);

    await a.release(jobId);
    expect(await b.acquire(jobId)).toBe(true);
    expect(await a.confirm(jobId)).toBe(false);

    expect(await killHolderSession(jobId)).toBe(1);
    await expect.poll(() => b.confirm(jobId).catch(() => false)).toBe(false);
    // pg_terminate_backend only signals the session: its lock goes when the backend has ended,
    // which b can notice first. Once no session holds the lock, a takes it at its first try.
    await expect.poll(() => holdersOf(jobId)).toBe(0);
    expect(await a.acquire(jobId)).toBe(true);
    // b reconnects on its next use and finds the job taken.
    expect(await b.acquire(jobId)).toBe(false);
  });

  it('confirms only while the job runs: a cancelled job stops its holder', async () => {
    const id = await createBatchJobsRepository(db).create({ visitorId: 'w', filename: 'g.txt', settings: '{}', concurrency: 1, prompts: ['two'] });
    const holder = locks();
    expect(await holder.acquire(id)).toBe(true);
    await createBatchJobsRepository(db).finish(id, 'cancelled');
    expect(await holder.confirm(id)).toBe(false);
  });
});
