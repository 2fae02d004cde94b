import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { beforeSideColumns, withSideNames } from '../../test/before-side-columns.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createLogsRepository } from '../repositories/logs.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const at = '2026-01-01T00:00:00.000Z';
const answer = (message: string) => JSON.stringify({ message, tokens: 1, rawOutput: null, elapsedTime: 0.1, errorMsg: null, model: 'gpt-4o-mini' });
const oldLog = {
  id: 'old',
  visitor_id: 'v',
  prompt_message: 'Name a colour.',
  chatgpt_data: answer('Blue.'),
  palm_data: answer('Red.'),
  chatgpt_log_output: 1,
  palm_log_output: 0,
  created_at: at,
  chatgpt_settings: '{"temperature":0.5}',
  palm_settings: null,
};

describe.each(DATABASES)('migration 011 on %s: each side names its service, kind and model', (kind) => {
  it('keeps every old record as it was, read as the spec’s pair, and takes any pair after it', async () => {
    opened = await openDatabaseOn(kind, 'm011');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('010-storage-probe')).error).toBeUndefined();
    await beforeSideColumns(db).insertInto('logs').values(oldLog).execute();

    await migrateToLatest(db);

    expect(await db.selectFrom('logs').selectAll().where('id', '=', 'old').executeTakeFirst()).toEqual({
      ...withSideNames(oldLog),
      side_a_service: 'chatgpt',
      side_a_kind: 'openai',
      side_a_model: null,
      side_b_service: 'palm',
      side_b_kind: 'google',
      side_b_model: null,
      // Migrations 014 and 015's columns, which the latest schema adds: an old record names no conversation.
      conversation_id: null,
      turn: null,
      turn_choice: null,
      step: null,
    });

    await createLogsRepository(db).insert({
      id: 'new',
      visitorId: 'v',
      prompt: 'p',
      aJson: answer('left'),
      bJson: answer('right'),
      aLogOutput: false,
      bLogOutput: false,
      sides: { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' } },
    });
    expect(await db.selectFrom('logs').select(['side_a_service', 'side_a_kind', 'side_a_model', 'side_b_service', 'side_b_model']).where('id', '=', 'new').executeTakeFirst()).toEqual({
      side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-haiku-5-5', side_b_service: 'claude', side_b_model: 'claude-haiku-5-5',
    });

    // And back: the columns go, the records stay.
    expect((await migrator.migrateTo('010-storage-probe')).error).toBeUndefined();
    expect(await beforeSideColumns(db).selectFrom('logs').select(['id', 'chatgpt_data']).orderBy('id').execute()).toEqual([
      { id: 'new', chatgpt_data: answer('left') },
      { id: 'old', chatgpt_data: answer('Blue.') },
    ]);
  });
});
