import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { beforeSideColumns } from '../../test/before-side-columns.ts';
import { createMigrator, isUniqueViolation, migrateToLatest } from '../database.ts';
import { createConversationsRepository } from '../repositories/conversations.ts';
import { createLogsRepository } from '../repositories/logs.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const CONVERSATION = 'c0000000-0000-4000-8000-000000000015';
const answer = (message: string) => JSON.stringify({ message, tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null });
/** A turn as migration 014 wrote it: conversation and turn, nothing more. */
const oldTurn = (n: number) => ({
  id: `old-${n}`, visitor_id: 'v', prompt_message: `turn ${n}`, chatgpt_data: answer(`a${n}`), palm_data: answer(`b${n}`), chatgpt_log_output: 0, palm_log_output: 0,
  created_at: `2026-01-0${n}T00:00:00.000Z`, chatgpt_settings: null, palm_settings: null, side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-haiku-5-5',
  side_b_service: 'chatgpt', side_b_kind: 'openai', side_b_model: 'gpt-4o-mini', conversation_id: CONVERSATION, turn: n,
});
const newTurn = (id: string, turn: number, step: number, choice?: { kind: 'carry' | 'only' | 'regenerate'; side: 'a' | 'b' }) => ({
  id, visitorId: 'v', prompt: `turn ${turn}`, aJson: answer(`a${turn}.${step}`), bJson: answer(`b${turn}.${step}`), aLogOutput: false, bLogOutput: false,
  sides: { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o-mini' } },
  conversation: { id: CONVERSATION, turn, step, choice },
});

describe.each(DATABASES)('migration 015 on %s: each turn keeps its choice and its step in the conversation', (kind) => {
  it('gives old turns their turn as step, takes a regenerated turn under the same number, refuses a taken step, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm015');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('014-log-conversations')).error).toBeUndefined();
    await beforeSideColumns(db).insertInto('logs').values([oldTurn(1), oldTurn(2)]).execute();

    await migrateToLatest(db);
    expect(await db.selectFrom('logs').select(['id', 'turn', 'step', 'turn_choice']).orderBy('id').execute()).toEqual([
      { id: 'old-1', turn: 1, step: 1, turn_choice: null },
      { id: 'old-2', turn: 2, step: 2, turn_choice: null },
    ]);

    const logs = createLogsRepository(db);
    await logs.insert(newTurn('again', 2, 3, { kind: 'regenerate', side: 'b' }));
    await logs.insert(newTurn('carried', 3, 4, { kind: 'carry', side: 'a' }));
    // Two writes that read the same history: the later one finds its step taken.
    const raced = await logs.insert(newTurn('raced', 3, 4)).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(raced)).toBe(true);
    const turns = await createConversationsRepository(db).turnsOf('v', CONVERSATION);
    expect(turns.map((t) => [t.turn, t.step, t.bJson, t.choice])).toEqual([
      [1, 1, answer('b1'), undefined],
      [2, 2, answer('b2'), undefined],
      [2, 3, answer('b2.3'), { kind: 'regenerate', side: 'b' }],
      [3, 4, answer('b3.4'), { kind: 'carry', side: 'a' }],
    ]);

    // Back to one row per turn: the regenerated answer stays in the log, outside its conversation.
    expect((await migrator.migrateTo('014-log-conversations')).error).toBeUndefined();
    expect(await db.selectFrom('logs').select(['id', 'conversation_id', 'turn']).orderBy('id').execute()).toEqual([
      { id: 'again', conversation_id: null, turn: null },
      { id: 'carried', conversation_id: CONVERSATION, turn: 3 },
      { id: 'old-1', conversation_id: CONVERSATION, turn: 1 },
      { id: 'old-2', conversation_id: CONVERSATION, turn: 2 },
    ]);
  });
});
