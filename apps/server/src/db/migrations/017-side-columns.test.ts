import { NOT_LOGGED_SIDE } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { beforeSideColumns, withSideNames } from '../../test/before-side-columns.ts';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { toCsv, toExportEntries } from '../../services/log-export.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createLogHistoryRepository } from '../repositories/log-history.ts';
import { createLogsRepository } from '../repositories/logs.ts';
import { createVotesRepository } from '../repositories/votes.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const answer = (message: string, model: string) => JSON.stringify({ message, tokens: 3, rawOutput: null, elapsedTime: 0.5, errorMsg: null, model });
/** Rows as migration 016 left them: the spec's pair, side b not logged; and a blind one, voted, its right side self-named. */
const oldLogs = [
  {
    id: 'spec', visitor_id: 'v', prompt_message: 'Name a colour.', chatgpt_data: answer('Blue.', 'gpt-4o-mini'), palm_data: answer('Red.', 'gemini-2.5-flash'),
    chatgpt_log_output: 1, palm_log_output: 0, created_at: '2026-01-01T00:00:00.000Z', chatgpt_settings: '{"temperature":0.5}', palm_settings: null,
  },
  {
    id: 'blind', visitor_id: 'v', prompt_message: 'Name a tree.', chatgpt_data: answer('Oak.', 'claude-haiku-5-5'), palm_data: answer('I am Gemini: elm.', 'gpt-4o'),
    chatgpt_log_output: 1, palm_log_output: 1, created_at: '2026-01-02T00:00:00.000Z', chatgpt_settings: null, palm_settings: '{"topK":5}',
    side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-haiku-5-5', side_b_service: 'chatgpt', side_b_kind: 'openai', side_b_model: 'gpt-4o',
  },
];
const oldVote = {
  log_id: 'blind', visitor_id: 'v', answer_a: 'palmAPI', chatgpt_model: 'claude-haiku-5-5', palm_model: 'gpt-4o', choice: 'b',
  chatgpt_self_named: 0, palm_self_named: 1, created_at: '2026-01-02T00:00:00.000Z', voted_at: '2026-01-02T00:01:00.000Z',
};

describe.each(DATABASES)('migration 017 on %s: the paired columns take the side names', (kind) => {
  it('reads and downloads every older record as before, writes under the new names, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm017');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('016-blind-conversations')).error).toBeUndefined();
    for (const log of oldLogs) await beforeSideColumns(db).insertInto('logs').values(log).execute();
    await beforeSideColumns(db).insertInto('comparison_votes').values(oldVote).execute();

    await migrateToLatest(db);
    // Every value under its side's name, nothing lost or moved.
    const rows = await db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(rows.map((row) => Object.entries(withSideNames(oldLogs.find((old) => old.id === row.id)!)).every(([column, value]) => row[column as keyof typeof row] === value))).toEqual([true, true]);
    // Migration 018 names the side shown as A: `palmAPI` was side b.
    expect(await createVotesRepository(db).find('blind', 'v')).toMatchObject({ ...withSideNames(oldVote), answer_a: 'b' });

    // Log Details and both downloads read them as the spec names them: side b of the spec's record stays withheld.
    const after = await createLogHistoryRepository(db).all('v');
    expect(after.map(({ id, chatGPT_data, palm_data }) => ({ id, chatGPT_data, palm_data }))).toEqual([
      { id: 'blind', chatGPT_data: oldLogs[1]!.chatgpt_data, palm_data: oldLogs[1]!.palm_data },
      { id: 'spec', chatGPT_data: oldLogs[0]!.chatgpt_data, palm_data: JSON.stringify(NOT_LOGGED_SIDE) },
    ]);
    expect(after[0]).toMatchObject({ vote: { answerA: 'b', choice: 'b', possiblyUnblinded: true, selfNamed: { a: false, b: true } }, sides: { a: { service: 'claude' }, b: { service: 'chatgpt' } } });
    const csv = parse<Record<string, string>>(toCsv(after), { bom: true, columns: true });
    expect(csv.map((row) => [row.prompt, row.chatgpt_message, row.chatgpt_model, row.palm_message, row.palm_model, row.vote, row.vote_possibly_unblinded])).toEqual([
      ['Name a tree.', 'Oak.', 'claude-haiku-5-5', 'I am Gemini: elm.', 'gpt-4o', 'b', 'yes'],
      ['Name a colour.', 'Blue.', 'gpt-4o-mini', '', '', '', ''],
    ]);
    expect(toExportEntries(after).map((entry) => entry.palmAPI?.message ?? null)).toEqual(['I am Gemini: elm.', null]);

    // A record written now, and back: the columns take the spec's names again with every row.
    await createLogsRepository(db).insert({ id: 'new', visitorId: 'v', prompt: 'p', aJson: answer('left', 'm'), bJson: answer('right', 'm'), aLogOutput: true, bLogOutput: false });
    expect((await migrator.migrateTo('016-blind-conversations')).error).toBeUndefined();
    expect(await beforeSideColumns(db).selectFrom('logs').select(['id', 'chatgpt_data', 'palm_log_output']).orderBy('id').execute()).toEqual([
      { id: 'blind', chatgpt_data: oldLogs[1]!.chatgpt_data, palm_log_output: 1 },
      { id: 'new', chatgpt_data: answer('left', 'm'), palm_log_output: 0 },
      { id: 'spec', chatgpt_data: oldLogs[0]!.chatgpt_data, palm_log_output: 0 },
    ]);
    expect(await beforeSideColumns(db).selectFrom('comparison_votes').select(['palm_model', 'palm_self_named']).execute()).toEqual([{ palm_model: 'gpt-4o', palm_self_named: 1 }]);
  });
});
