// A general pair's sent settings on the shared page and in Log Details are read by each side's own
// kind: an Anthropic side keeps its system prompt, top-k and stop sequences, which the spec's two
// schemas drop; never a key. The spec's pair answers as it did.
import { API_ROUTES, sharedChatApiPath, type TLogRecord, type TPairResponse, type TShareResponse, type TSharedChat } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const TYPED_KEY = 'sk-ant-typed-visitor-key-5e6f7a8b';
let server: TestServer;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  server = await startTestServer({ ANTHROPIC_API_KEY: 'sk-ant-operator-settings', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off' }, { fake: simulator });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});

async function shared(owner: TestClient, body: object) {
  const compared = await owner.post<TPairResponse>(API_ROUTES.getChatData, body);
  expect(compared.status).toBe(200);
  const { url } = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: compared.body.logId })).body;
  return server.client().get<TSharedChat>(sharedChatApiPath(new URL(url).pathname.split('/').pop()!));
}

describe('a general pair’s sent settings, by kind', () => {
  it('shows an Anthropic side’s system prompt, top-k and stop sequences on the shared page and in Log Details, never its key', async () => {
    const owner = server.client();
    const page = await shared(owner, {
      prompt: 'Settings by kind',
      sides: {
        a: { service: 'claude', apiKey: TYPED_KEY, model: 'claude-sonnet-4-6', settings: { temperature: 0.3, topK: 20, stopSequences: ['END', 'STOP'] }, messages: [{ role: 'system', content: 'Be brief.' }], logOutput: true },
        b: { service: 'palm', settings: { temperature: 0.5 }, logOutput: true },
      },
    });
    expect(page.status).toBe(200);
    expect(page.body.sideSettings?.a).toEqual({
      kind: 'anthropic',
      settings: { model: 'claude-sonnet-4-6', system: 'Be brief.', temperature: 0.3, topK: 20, stopSequences: ['END', 'STOP'] },
    });
    expect(page.body.sideSettings?.b).toMatchObject({ kind: 'google', settings: { temperature: 0.5 } });
    // Through the spec's schema the same side loses what only Anthropic takes.
    expect(page.body.settings?.chatGPT).not.toHaveProperty('topK');

    const details = await owner.get<TLogRecord[]>(`${API_ROUTES.logDetails}?include=settings`);
    const record = details.body.find((entry) => entry.prompt_message === 'Settings by kind');
    expect(record?.sideSettings).toEqual(page.body.sideSettings);
    // The spec's answer without `include` keeps its shape.
    expect((await owner.get<TLogRecord[]>(API_ROUTES.logDetails)).body.every((entry) => !('sideSettings' in entry))).toBe(true);
    for (const text of [page.text, details.text]) expect(text).not.toContain(TYPED_KEY);
  });

  it('adds nothing to the spec’s pair', async () => {
    const page = await shared(server.client(), { prompt: 'Spec pair', chatGPT: { temperature: 0.4 } });
    expect(page.body.settings?.chatGPT).toMatchObject({ temperature: 0.4 });
    expect(page.body).not.toHaveProperty('sideSettings');
  });
});
