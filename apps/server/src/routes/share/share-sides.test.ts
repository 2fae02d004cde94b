// A shared comparison of a pair other than the spec's names each side's service and model, in the
// API's answer, in the page's embedded data and in its preview; the spec's pair stays as it was.
import { rm } from 'node:fs/promises';
import { API_ROUTES, sharedChatApiPath, type TPairResponse, type TSavedComparisonResponse, type TShareResponse, type TSharedChat } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { escapeHtml } from './open-graph.ts';
import { embeddedOrNull, metaContent, writeWebBuild } from './test/web-build.ts';

let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  webRoot = await writeWebBuild();
  server = await startTestServer({ ANTHROPIC_API_KEY: 'sk-ant-operator-share', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off' }, { fake: simulator, webRoot });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
  await rm(webRoot, { recursive: true, force: true });
});

async function shareOf(body: object): Promise<{ hash: string; logId: string }> {
  const owner = server.client();
  const { logId } = (await owner.post<TSavedComparisonResponse & TPairResponse>(API_ROUTES.getChatData, body)).body;
  if (!logId) throw new Error('the comparison was not logged');
  const { url } = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId })).body;
  return { hash: new URL(url).pathname.split('/').pop()!, logId };
}

describe('a shared general pair', () => {
  it('names each side by service, display name and model, in the API, the embedded data and the preview', async () => {
    const { hash } = await shareOf({ prompt: 'Name a river.', sides: { a: { service: 'claude' }, b: { service: 'chatgpt', model: 'gpt-4o' } } });
    const { status, body } = await server.client().get<TSharedChat>(sharedChatApiPath(hash));
    expect(status).toBe(200);
    expect(body.sides).toEqual({
      a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-haiku-5-5' },
      b: { service: 'chatgpt', kind: 'openai', name: 'ChatGPT', model: 'gpt-4o' },
    });
    expect(body.chatGPT.errorMsg).toBeNull();

    const page = await server.client().get(`/chatid/${hash}`);
    expect(embeddedOrNull(page.text)?.chat.sides).toEqual(body.sides);
    expect(metaContent(page.text, 'og:title')).toBe(escapeHtml('PromptPair: Claude · claude-haiku-5-5 and ChatGPT · gpt-4o answer “Name a river.”'));
  });

  it('names the spec’s services with their models when a general pair names them', async () => {
    const { hash } = await shareOf({ prompt: 'Same pair, models named.', sides: { a: { service: 'chatgpt', model: 'gpt-4o-mini' }, b: { service: 'palm' } } });
    const { body } = await server.client().get<TSharedChat>(sharedChatApiPath(hash));
    expect(body.sides?.a).toEqual({ service: 'chatgpt', kind: 'openai', name: 'ChatGPT', model: 'gpt-4o-mini' });
    expect(body.sides?.b.name).toBe('Palm API');
    expect(body.sides?.b.model).toEqual(expect.any(String));
  });

  it('keeps the spec’s pair as it was: no sides, the spec’s titles in the preview', async () => {
    const { hash } = await shareOf({ prompt: 'The spec’s body.' });
    const { body } = await server.client().get<TSharedChat>(sharedChatApiPath(hash));
    expect(body).not.toHaveProperty('sides');
    const page = await server.client().get(`/chatid/${hash}`);
    expect(metaContent(page.text, 'og:title')).toBe(escapeHtml('PromptPair: ChatGPT and Palm API answer “The spec’s body.”'));
  });
});
