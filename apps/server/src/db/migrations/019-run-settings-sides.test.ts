import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { runPair } from '../../services/batch/batch-runner.ts';
import { sentSettings, type RunSettings } from '../../services/batch/job-run.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createBatchJobsRepository } from '../repositories/batch-jobs.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const job = (id: string, settings: string, sides: object = {}) => ({
  id, visitor_id: 'v', filename: `${id}.txt`, status: 'completed', total: 1, settings, concurrency: 1, error: null,
  created_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:05:00.000Z', run_started_at: null, lease_owner: null, lease_until: null, client_ip: null, ...sides,
});
const CLAUDE_PAIR = { side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-haiku-5-5', side_b_service: 'chatgpt', side_b_kind: 'openai', side_b_model: 'gpt-4o' };
/** Runs as migration 018 left them: the spec's pair under the spec body's names (both, one, none), an unreadable value, and a general pair by side. */
const oldJobs = [
  job('both', JSON.stringify({ chatGPT: { model: 'gpt-4o', temperature: 0.2 }, bardAPI: { topK: 5 } })),
  job('left', JSON.stringify({ chatGPT: { temperature: 0.5 } })),
  job('none', '{}'),
  job('broken', 'not json'),
  job('claude', JSON.stringify({ a: { max_tokens: 100 }, b: { model: 'gpt-4o' } }), CLAUDE_PAIR),
];
const settingsById = async (opened: OpenedDatabase) =>
  Object.fromEntries((await opened.db.selectFrom('batch_jobs').select(['id', 'settings']).orderBy('id').execute()).map((row) => [row.id, row.settings]));

describe.each(DATABASES)('migration 019 on %s: a run keeps its settings by side', (kind) => {
  it('moves the spec’s pair’s settings to sides a and b, reads every run as before, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm019');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('018-blind-order-sides')).error).toBeUndefined();
    // One row at a time: SQLite fills a column another row names with null, not its default.
    for (const row of oldJobs) await db.insertInto('batch_jobs').values(row).execute();

    await migrateToLatest(db);
    expect(await settingsById(opened)).toEqual({
      both: '{"a":{"model":"gpt-4o","temperature":0.2},"b":{"topK":5}}',
      left: '{"a":{"temperature":0.5}}',
      none: '{}',
      broken: 'not json',
      claude: '{"a":{"max_tokens":100},"b":{"model":"gpt-4o"}}',
    });

    // The worker reads them as before: the spec's pair's sides are sent what they were given, a general pair's sides theirs.
    const jobs = createBatchJobsRepository(db);
    const offer = async () => ({ defaultModel: 'today', models: [] });
    const read = async (id: string) => sentSettings(JSON.parse((await jobs.find(id))!.settings) as RunSettings, { offer }, { a: true, b: true });
    expect(await read('both')).toEqual({ a: { model: 'gpt-4o', temperature: 0.2 }, b: { topK: 5, model: 'today' } });
    expect(await read('left')).toEqual({ a: { temperature: 0.5, model: 'today' }, b: { model: 'today' } });
    const claude = runPair((await jobs.find('claude'))!, { chatgpt: '', palm: '', byService: {} }, undefined);
    expect([claude?.a.settings, claude?.b.settings]).toEqual([{ max_tokens: 100 }, { model: 'gpt-4o' }]);

    // Back: the spec's pair's runs under the spec body's names again; the general pair's stay by side.
    expect((await migrator.migrateTo('018-blind-order-sides')).error).toBeUndefined();
    expect(await settingsById(opened)).toEqual({
      both: '{"chatGPT":{"model":"gpt-4o","temperature":0.2},"bardAPI":{"topK":5}}',
      left: '{"chatGPT":{"temperature":0.5}}',
      none: '{}',
      broken: 'not json',
      claude: '{"a":{"max_tokens":100},"b":{"model":"gpt-4o"}}',
    });
  });
});
