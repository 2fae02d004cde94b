import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { beforeSideColumns } from '../../test/before-side-columns.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createConversationsRepository } from '../repositories/conversations.ts';
import { createLogsRepository } from '../repositories/logs.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const answer = (message: string) => JSON.stringify({ message, tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null });
const oldLog = {
  id: 'old', visitor_id: 'v', prompt_message: 'Name a colour.', chatgpt_data: answer('Blue.'), palm_data: answer('Red.'),
  chatgpt_log_output: 1, palm_log_output: 0, created_at: '2026-01-01T00:00:00.000Z', chatgpt_settings: null, palm_settings: null,
};
const turn = (id: string, visitorId: string, n: number) => ({
  id, visitorId, prompt: `turn ${n}`, aJson: answer(`a${n}`), bJson: answer(`b${n}`), aLogOutput: false, bLogOutput: false,
  sides: { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o-mini' } },
  conversation: { id: 'c0000000-0000-4000-8000-000000000001', turn: n, step: n },
});

describe.each(DATABASES)('migration 014 on %s: each logged turn names its conversation and number', (kind) => {
  it('keeps old records (no conversation), reads a conversation back in turn order for its visitor only, and goes back', async () => {
    opened = await openDatabaseOn(kind, 'm014');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('012-run-sides')).error).toBeUndefined();
    await beforeSideColumns(db).insertInto('logs').values(oldLog).execute();
    await migrateToLatest(db);
    expect(await db.selectFrom('logs').select(['id', 'prompt_message', 'side_a_data', 'conversation_id', 'turn']).where('id', '=', 'old').executeTakeFirst()).toEqual({
      id: 'old', prompt_message: 'Name a colour.', side_a_data: answer('Blue.'), conversation_id: null, turn: null,
    });

    const logs = createLogsRepository(db);
    await logs.insert(turn('t2', 'v', 2));
    await logs.insert(turn('t1', 'v', 1));
    await logs.insert({ ...turn('other', 'someone-else', 3) });
    const turns = await createConversationsRepository(db).turnsOf('v', 'c0000000-0000-4000-8000-000000000001');
    expect(turns.map((t) => [t.turn, t.prompt, t.aJson, t.sides.a.service])).toEqual([
      [1, 'turn 1', answer('a1'), 'claude'],
      [2, 'turn 2', answer('a2'), 'claude'],
    ]);

    expect((await migrator.migrateTo('012-run-sides')).error).toBeUndefined();
    expect(await db.selectFrom('logs').select('id').orderBy('id').execute()).toEqual([{ id: 'old' }, { id: 'other' }, { id: 't1' }, { id: 't2' }]);
  });
});
