import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { createRunReviewService } from '../../services/batch/run-review.ts';
import { toCsv } from '../../services/log-export.ts';
import { tallyVotes } from '../../services/scoreboard.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createBatchItemsRepository } from '../repositories/batch-items.ts';
import { createBatchJobsRepository } from '../repositories/batch-jobs.ts';
import { createLogHistoryRepository } from '../repositories/log-history.ts';
import { createVotesRepository } from '../repositories/votes.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const answer = (message: string, model: string) => JSON.stringify({ message, tokens: 3, rawOutput: null, elapsedTime: 0.5, errorMsg: null, model });
const log = (id: string, at: string, extra: object = {}) => ({
  id, visitor_id: 'v', prompt_message: `Prompt ${id}`, side_a_data: answer(`${id}: left`, 'gpt-4o-mini'), side_b_data: answer(`${id}: right`, 'gemini-2.5-flash'),
  side_a_log_output: 1, side_b_log_output: 1, created_at: at, side_a_settings: null, side_b_settings: null, ...extra,
});
/** Records as migration 017 left them: the spec's pair with ChatGPT shown as A, Claude against ChatGPT with side b shown as A, and a run's prompt. */
const oldLogs = [
  log('spec', '2026-01-01T00:00:00.000Z'),
  log('claude', '2026-01-02T00:00:00.000Z', { side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-haiku-5-5', side_b_service: 'chatgpt', side_b_kind: 'openai', side_b_model: 'gpt-4o' }),
  log('run-1', '2026-01-03T00:00:00.000Z'),
];
const vote = (logId: string, answerA: string, choice: string, models: [string, string] | [null, null] = [null, null]) => ({
  log_id: logId, visitor_id: 'v', answer_a: answerA, side_a_answered_model: models[0], side_b_answered_model: models[1], choice,
  side_a_self_named: 0, side_b_self_named: 0, created_at: '2026-01-04T00:00:00.000Z', voted_at: '2026-01-04T00:01:00.000Z', conversation_id: null, revealed_at: null,
});
// The spec's pair: ChatGPT shown as A and preferred. Claude's pair: ChatGPT (side b) shown as A, and B (Claude) preferred.
const oldVotes = [vote('spec', 'chatGPT', 'a', ['gpt-4o-mini', 'gemini-2.5-flash']), vote('claude', 'palmAPI', 'b')];
const job = {
  id: 'job', visitor_id: 'v', filename: 'list.txt', status: 'done', total: 2, settings: '{}', concurrency: 1, error: null,
  created_at: '2026-01-03T00:00:00.000Z', finished_at: '2026-01-03T00:05:00.000Z', run_started_at: null, lease_owner: null, lease_until: null, client_ip: null,
};
// A finished prompt whose order was drawn (side b first) but not voted on, and one still pending, never drawn.
const oldItems = [
  { job_id: 'job', idx: 0, prompt: 'Prompt run-1', log_id: 'run-1', status: 'done', finished_at: '2026-01-03T00:01:00.000Z', answer_a: 'palmAPI' },
  { job_id: 'job', idx: 1, prompt: 'Prompt run-2', log_id: 'run-2', status: 'pending', finished_at: null, answer_a: null },
];

describe.each(DATABASES)('migration 018 on %s: a blind order names the side shown as Answer A', (kind) => {
  it('reads every older order, vote and run item as before, by its side, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm018');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('017-side-columns')).error).toBeUndefined();
    // One row at a time: SQLite fills a column another row names with null, not its default.
    for (const row of oldLogs) await db.insertInto('logs').values(row).execute();
    await db.insertInto('comparison_votes').values(oldVotes).execute();
    await db.insertInto('batch_jobs').values(job).execute();
    await db.insertInto('batch_items').values(oldItems).execute();

    await migrateToLatest(db);
    // chatGPT was side a and palmAPI side b; an order not yet drawn stays null.
    expect(await db.selectFrom('comparison_votes').select(['log_id', 'answer_a']).orderBy('log_id').execute()).toEqual([
      { log_id: 'claude', answer_a: 'b' },
      { log_id: 'spec', answer_a: 'a' },
    ]);
    expect(await db.selectFrom('batch_items').select(['idx', 'answer_a']).orderBy('idx').execute()).toEqual([{ idx: 0, answer_a: 'b' }, { idx: 1, answer_a: null }]);

    // Log Details and the downloads name the side shown as A; the CSV adds what it ran on.
    const history = await createLogHistoryRepository(db).all('v');
    expect(history.filter((record) => record.vote).map((record) => [record.id, record.vote?.answerA, record.vote?.choice])).toEqual([
      ['claude', 'b', 'b'],
      ['spec', 'a', 'a'],
    ]);
    const csv = parse<Record<string, string>>(toCsv(history), { bom: true, columns: true });
    expect(csv.map((row) => [row.prompt, row.blind_answer_a, row.vote])).toEqual([
      ['Prompt run-1', '', ''],
      ['Prompt claude', 'side b (chatgpt · gpt-4o)', 'b'],
      ['Prompt spec', 'side a (ChatGPT)', 'a'],
    ]);

    // The scoreboard reads each choice through the order as before: B (Claude) won its pair, ChatGPT won the spec's.
    const votes = createVotesRepository(db);
    const board = tallyVotes(await votes.castBy('v'), (id) => id).overall;
    expect(board.models.map((m) => [m.label, m.wins, m.losses])).toEqual([
      ['chatgpt · gpt-4o-mini', 1, 0],
      ['claude · claude-haiku-5-5', 1, 0],
      ['chatgpt · gpt-4o', 0, 1],
      ['palm · gemini-2.5-flash', 0, 1],
    ]);

    // The run's results view keeps the order it drew: side b's answer is still shown as Answer A.
    const review = createRunReviewService({ jobs: createBatchJobsRepository(db), items: createBatchItemsRepository(db), votes, serviceNames: (id) => id, coin: () => 0 });
    expect((await review.page('v', 'job', 1)).items).toEqual([
      { line: 1, prompt: 'Prompt run-1', state: 'blind', answerA: { message: 'run-1: right', failed: false }, answerB: { message: 'run-1: left', failed: false } },
      { line: 2, prompt: 'Prompt run-2', state: 'pending' },
    ]);

    // Back: the spec's names again, on every row.
    expect((await migrator.migrateTo('017-side-columns')).error).toBeUndefined();
    expect(await db.selectFrom('comparison_votes').select(['log_id', 'answer_a']).orderBy('log_id').execute()).toEqual([
      { log_id: 'claude', answer_a: 'palmAPI' },
      { log_id: 'spec', answer_a: 'chatGPT' },
    ]);
    expect(await db.selectFrom('batch_items').select(['idx', 'answer_a']).orderBy('idx').execute()).toEqual([{ idx: 0, answer_a: 'palmAPI' }, { idx: 1, answer_a: null }]);
  });
});
