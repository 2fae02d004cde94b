import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn } from '../../test/database-on.ts';
import { beforeSideColumns, withSideNames } from '../../test/before-side-columns.ts';
import { createMigrator, migrateToLatest, type Database } from '../database.ts';
import { createLogsRepository } from '../repositories/logs.ts';
import { createVotesRepository } from '../repositories/votes.ts';

let opened: { db: Database; close(): Promise<void> } | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const CONVERSATION = 'c0000000-0000-4000-8000-000000000016';
const answer = (message: string) => JSON.stringify({ message, tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null });
const oldVote = {
  log_id: 'old', visitor_id: 'v', answer_a: 'palmAPI', chatgpt_model: 'gpt-4o-mini', palm_model: 'gemini-2.5-flash', choice: 'a',
  chatgpt_self_named: 0, palm_self_named: 1, created_at: '2026-01-01T00:00:00.000Z', voted_at: '2026-01-01T00:01:00.000Z',
};
const turn = (n: number, id = `t${n}`) => ({
  id, visitorId: 'v', prompt: `turn ${n}`, aJson: answer(`a${n}`), bJson: answer(`b${n}`), aLogOutput: false, bLogOutput: false,
  sides: { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o-mini' } },
  conversation: { id: CONVERSATION, turn: n, step: n },
});
const blindTurn = (logId: string, selfNamed = false) => ({
  logId, visitorId: 'v', answerA: 'b' as const, models: { a: 'claude-haiku-5-5', b: 'gpt-4o-mini' }, selfNamed: { a: selfNamed, b: false }, conversationId: CONVERSATION,
});

describe.each(DATABASES)('migration 016 on %s: the turns of a blind conversation share its order and its reveal', (kind) => {
  it('keeps old votes as single comparisons, reveals a conversation once with every turn’s self-naming, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm016');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('015-turn-choices')).error).toBeUndefined();
    await beforeSideColumns(db).insertInto('comparison_votes').values(oldVote).execute();

    await migrateToLatest(db);
    const votes = createVotesRepository(db);
    // Migration 018 names the side shown as A: `palmAPI` was side b.
    expect(await votes.find('old', 'v')).toEqual({ ...withSideNames(oldVote), answer_a: 'b', conversation_id: null, revealed_at: null });

    // Conversation with the first turn's log id (the logs' own rule); one turn names its maker.
    const logs = createLogsRepository(db);
    await logs.insert(turn(1, CONVERSATION));
    await logs.insert(turn(2));
    await logs.insert(turn(3));
    await votes.create(blindTurn(CONVERSATION));
    await votes.create(blindTurn('t2', true));
    await votes.create(blindTurn('t3'));
    expect((await votes.conversationTurns(CONVERSATION, 'v')).map((row) => [row.turn, row.log_id, row.answer_a])).toEqual([
      [1, CONVERSATION, 'b'], [2, 't2', 'b'], [3, 't3', 'b'],
    ]);
    expect(await votes.conversationTurns(CONVERSATION, 'someone-else')).toEqual([]);

    expect(await votes.revealConversation(CONVERSATION, 'v', { logId: 't3', choice: 'b' })).toBe('claimed');
    expect(await votes.revealConversation(CONVERSATION, 'v', { logId: 't2', choice: 'a' })).toBe('voted');
    expect(await votes.revealConversation(CONVERSATION, 'v')).toBe('voted');
    const rows = await votes.conversationTurns(CONVERSATION, 'v');
    expect(rows.map((row) => [row.turn, row.choice, row.side_a_self_named, row.revealed_at !== null])).toEqual([[1, null, 0, true], [2, null, 1, true], [3, 'b', 1, true]]);
    expect((await votes.castBy('v')).map((vote) => vote.choice)).toEqual(['a', 'b']);

    expect((await migrator.migrateTo('015-turn-choices')).error).toBeUndefined();
    expect(await db.selectFrom('comparison_votes').select(['log_id', 'choice']).orderBy('log_id').execute()).toEqual([
      { log_id: CONVERSATION, choice: null }, { log_id: 'old', choice: 'a' }, { log_id: 't2', choice: null }, { log_id: 't3', choice: 'b' },
    ]);
  });
});
