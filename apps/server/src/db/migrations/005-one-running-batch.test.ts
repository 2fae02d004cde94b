import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, isUniqueViolation, migrateToLatest, type Database } from '../database.ts';
import { migrations } from './index.ts';

let db: Database | undefined;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const job = (id: string, visitorId: string, createdAt: string, status = 'running') => ({
  id,
  visitor_id: visitorId,
  filename: `${id}.txt`,
  status,
  total: 1,
  settings: '{}',
  concurrency: 1,
  error: null,
  created_at: createdAt,
  finished_at: null,
  run_started_at: null,
  lease_owner: 'some-process',
  lease_until: '2099-01-01T00:00:00.000Z',
});

describe('migration 005: one running prompt list per visitor', () => {
  it('keeps the oldest of runs that raced, cancels the rest, and refuses a second running one from then on', async () => {
    dir = await mkdtemp(join(tmpdir(), 'promptpair-migration-'));
    db = createDatabase({ dataDir: dir });
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    expect((await migrator.migrateTo('004-batch-runs')).error).toBeUndefined();
    await db
      .insertInto('batch_jobs')
      .values([
        job('b-second', 'v1', '2024-01-01T00:00:01.000Z'),
        job('a-first', 'v1', '2024-01-01T00:00:00.000Z'),
        job('c-third', 'v1', '2024-01-01T00:00:01.000Z'),
        job('d-other', 'v2', '2024-01-01T00:00:05.000Z'),
        job('e-done', 'v2', '2024-01-01T00:00:00.000Z', 'completed'),
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('batch_jobs').select(['id', 'status', 'lease_owner']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a-first', status: 'running', lease_owner: 'some-process' },
      { id: 'b-second', status: 'cancelled', lease_owner: null },
      { id: 'c-third', status: 'cancelled', lease_owner: null },
      { id: 'd-other', status: 'running', lease_owner: 'some-process' },
      { id: 'e-done', status: 'completed', lease_owner: 'some-process' },
    ]);
    const second = db.insertInto('batch_jobs').values(job('f-new', 'v1', '2024-02-01T00:00:00.000Z')).execute();
    await expect(second.catch((error: unknown) => (isUniqueViolation(error) ? 'unique' : error))).resolves.toBe('unique');
    await db.insertInto('batch_jobs').values(job('g-finished', 'v1', '2024-02-01T00:00:00.000Z', 'completed')).execute();
  });
});
