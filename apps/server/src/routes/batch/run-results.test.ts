import { API_ROUTES, sharedChatApiPath, type TLogRecord, type TSharedChat } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptLines, subscribe, SUBSCRIBER_KEYS, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';

// What a prompt-list run keeps of each prompt (issue #11), over HTTP on both databases.

describe.each(DATABASES)('prompt-list results on %s', (kind) => {
  let on: ServerOnDatabase;
  beforeAll(async () => {
    on = await startServerOn(kind, { RATE_LIMITS: 'off' });
  });
  afterAll(() => on.close());

  it('keeps with each prompt’s record the settings each side was sent with, never a key, as the shared page shows', async () => {
    const client = await subscribe(on.server.client({ browser: true }), `settings-${kind}@example.com`);
    const created = await upload(client, {
      filename: 'tuned.txt',
      content: promptLines(2, 'Tuned').join('\n'),
      chatGPT: { model: 'gpt-4o', temperature: 0.3, apiKey: 'sk-typed-on-the-page-000999', logOutput: false },
      bardAPI: { topK: 5, apiKey: 'AIza-typed-on-the-page-000888' },
    });
    expect(created.status).toBe(201);
    await waitForJob(client, created.body.id);

    const records = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body.filter((r) => r.prompt_message.startsWith('Tuned'));
    expect(records).toHaveLength(2);
    const { body: link } = await client.post<{ url: string }>(API_ROUTES.shareLink, { logId: records[0]!.id });
    const hash = new URL(link.url).pathname.split('/').at(-1)!;
    const shared = await on.server.client().get<TSharedChat>(sharedChatApiPath(hash));
    expect(shared.body.settings).toEqual({ chatGPT: { model: 'gpt-4o', temperature: 0.3 }, palmAPI: { topK: 5 } });

    const stored = await on.server.composed.db.selectFrom('logs').select(['chatgpt_settings', 'palm_settings']).where('prompt_message', 'like', 'Tuned%').execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      for (const text of [row.chatgpt_settings, row.palm_settings]) {
        expect(text).not.toBeNull();
        for (const key of ['sk-typed-on-the-page-000999', 'AIza-typed-on-the-page-000888', ...Object.values(SUBSCRIBER_KEYS)]) expect(text).not.toContain(key);
        expect(text).not.toContain('apiKey');
        expect(text).not.toContain('logOutput');
      }
    }
  });
});
