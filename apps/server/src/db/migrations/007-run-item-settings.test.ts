import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { beforeSideColumns } from '../../test/before-side-columns.ts';
import { createMigrator, migrateToLatest } from '../database.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const at = '2026-01-01T00:00:00.000Z';
const answer = JSON.stringify({ message: 'ok', tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null });
const log = (id: string, settings: string | null = null) => ({
  id,
  visitor_id: 'v',
  prompt_message: id,
  chatgpt_data: answer,
  palm_data: answer,
  chatgpt_log_output: 1,
  palm_log_output: 1,
  created_at: at,
  chatgpt_settings: settings,
  palm_settings: settings,
});
const job = (id: string, settings: string) => ({
  id, visitor_id: 'v', filename: `${id}.txt`, status: 'completed', total: 1, settings, concurrency: 1,
  error: null, created_at: at, finished_at: at, run_started_at: null, lease_owner: null, lease_until: null,
});

describe.each(DATABASES)('migration 007 on %s: run records get the run’s settings', (kind) => {
  it('copies each run’s settings to its records and leaves every other record alone', async () => {
    opened = await openDatabaseOn(kind, 'm007');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('006-costs-and-votes')).error).toBeUndefined();
    await db
      .insertInto('batch_jobs')
      .values([job('tuned', JSON.stringify({ chatGPT: { model: 'gpt-4o', temperature: 0.2 } })), job('broken', 'not json')])
      .execute();
    await beforeSideColumns(db).insertInto('logs').values([log('tuned-1'), log('broken-1'), log('single'), log('already', '{"temperature":1}')]).execute();
    await db
      .insertInto('batch_items')
      .values([
        { job_id: 'tuned', idx: 0, prompt: 'p', log_id: 'tuned-1', status: 'done', finished_at: at },
        { job_id: 'broken', idx: 0, prompt: 'p', log_id: 'broken-1', status: 'done', finished_at: at },
        { job_id: 'tuned', idx: 1, prompt: 'q', log_id: 'already', status: 'done', finished_at: at },
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('logs').select(['id', 'side_a_settings', 'side_b_settings']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'already', side_a_settings: '{"temperature":1}', side_b_settings: '{"temperature":1}' },
      { id: 'broken-1', side_a_settings: '{}', side_b_settings: '{}' },
      { id: 'single', side_a_settings: null, side_b_settings: null },
      { id: 'tuned-1', side_a_settings: '{"model":"gpt-4o","temperature":0.2}', side_b_settings: '{}' },
    ]);
  });
});
