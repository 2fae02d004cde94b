import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createBatchJobsRepository } from '../repositories/batch-jobs.ts';
import { isSpecSides, sidesOf } from '../repositories/side-columns.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const oldRun = {
  id: 'old-run',
  visitor_id: 'v',
  filename: 'list.txt',
  status: 'completed',
  total: 1,
  settings: '{"chatGPT":{"temperature":0.5}}',
  concurrency: 2,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:01:00.000Z',
  run_started_at: null,
  lease_owner: null,
  lease_until: null,
  client_ip: null,
};

describe.each(DATABASES)('migration 012 on %s: a run names each side’s service, kind and model', (kind) => {
  it('reads every old run as the spec’s pair, keeps a general run’s sides, and goes back without losing a run', async () => {
    opened = await openDatabaseOn(kind, 'm012');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('011-log-sides')).error).toBeUndefined();
    await db.insertInto('batch_jobs').values(oldRun).execute();

    await migrateToLatest(db);

    const old = await db.selectFrom('batch_jobs').selectAll().where('id', '=', 'old-run').executeTakeFirstOrThrow();
    // Migration 019 keeps the spec's pair's settings by side: `chatGPT` is side a's.
    expect(old).toMatchObject({ ...oldRun, settings: '{"a":{"temperature":0.5}}', side_a_service: 'chatgpt', side_a_kind: 'openai', side_a_model: null, side_b_service: 'palm', side_b_kind: 'google', side_b_model: null });
    expect(isSpecSides(old)).toBe(true);

    const sides = { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o' } };
    const id = await createBatchJobsRepository(db).create({ visitorId: 'w', filename: 'pair.txt', settings: '{"a":{},"b":{}}', concurrency: 1, prompts: ['p'], sides });
    const general = await db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sidesOf(general)).toEqual(sides);
    expect(isSpecSides(general)).toBe(false);

    // And back: the columns go, the runs stay.
    expect((await migrator.migrateTo('011-log-sides')).error).toBeUndefined();
    expect(await db.selectFrom('batch_jobs').select(['id', 'filename']).orderBy('filename').execute()).toEqual([
      { id: 'old-run', filename: 'list.txt' },
      { id, filename: 'pair.txt' },
    ]);
  });
});
