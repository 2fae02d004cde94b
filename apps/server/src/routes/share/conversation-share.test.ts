// A shared conversation: any turn's link shares every turn up to the latest at share time, the
// page's HTML carries each turn with its answers rendered by the server, and nothing of a key.
import { rm } from 'node:fs/promises';
import { API_ROUTES, sharedChatApiPath, type TPairResponse, type TShareResponse, type TSharedChat } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { embeddedOrNull, metaContent, writeWebBuild } from './test/web-build.ts';

const VISITOR_KEY = 'sk-ant-visitor-secret-4417';
let server: TestServer;
let webRoot: string;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  webRoot = await writeWebBuild();
  server = await startTestServer({ ANTHROPIC_API_KEY: 'sk-ant-operator-share', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off', FREE_PROMPTS: '100', FREE_PROMPTS_PER_IP: '0' }, { fake: simulator, webRoot });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
  await rm(webRoot, { recursive: true, force: true });
});

const PROMPTS = ['Name a river in **Europe**.', 'And one in Asia?', 'Which of the two is longer?'];

/** A three-turn conversation of Claude (on the visitor's own key, sent again on each turn) and ChatGPT. */
async function threeTurns(owner: TestClient) {
  const first = await owner.post<TPairResponse>(API_ROUTES.getChatData, {
    prompt: PROMPTS[0],
    sides: { a: { service: 'claude', apiKey: VISITOR_KEY }, b: { service: 'chatgpt', model: 'gpt-4o' } },
  });
  expect(first.status).toBe(200);
  const turns = [first.body];
  for (const prompt of PROMPTS.slice(1)) {
    const next = await owner.post<TPairResponse>(API_ROUTES.getChatData, { conversationId: first.body.conversationId, prompt, apiKeys: { a: VISITOR_KEY } });
    expect(next.status).toBe(200);
    turns.push(next.body);
  }
  expect(turns.map((turn) => turn.turn)).toEqual([1, 2, 3]);
  return turns;
}

const hashOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('a shared conversation', () => {
  it('shows every turn in order on the server-rendered page, each answer rendered, the sides named, no key', async () => {
    const owner = server.client();
    const turns = await threeTurns(owner);
    // The first turn's share button shares the whole conversation: the same link as the last turn's.
    const fromFirst = await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: turns[0]!.logId });
    const fromLast = await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: turns[2]!.logId });
    expect(fromFirst.status).toBe(200);
    expect(fromFirst.body.url).toBe(fromLast.body.url);

    const page = await server.client().get(new URL(fromFirst.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('secret-4417');
    expect(page.text).not.toContain('sk-ant-');
    // The preview is the conversation's first prompt.
    expect(metaContent(page.text, 'og:description')).toBe('Name a river in **Europe**.');
    const data = embeddedOrNull(page.text)!;
    expect(data.hash).toBe(hashOf(fromFirst.body.url));
    const conversation = data.chat.conversation!;
    expect(conversation.id).toBe(turns[0]!.conversationId);
    expect(conversation.turns.map((turn) => [turn.turn, turn.prompt])).toEqual(PROMPTS.map((prompt, i) => [i + 1, prompt]));
    conversation.turns.forEach((turn, i) => {
      // Side a (Claude) is in `chatGPT`, side b (ChatGPT) in `palmAPI`, as the answers were sent.
      expect(turn.chatGPT.message).toBe(turns[i]!.a.message);
      expect(turn.palmAPI.message).toBe(turns[i]!.b.message);
      expect(turn.chatGPT.message).toContain(`You asked: "${PROMPTS[i]}"`);
    });
    // Side a is Claude, side b ChatGPT: named by service and model, as the page shows them.
    expect(data.chat.sides).toMatchObject({ a: { service: 'claude', name: 'Claude' }, b: { service: 'chatgpt', name: 'ChatGPT', model: 'gpt-4o' } });
    // The top-level comparison is the last turn; every turn's answers came rendered by the server.
    expect(data.chat.prompt).toBe(PROMPTS[2]);
    expect(data.turnsHtml).toHaveLength(3);
    for (const html of data.turnsHtml!) {
      expect(html.chatGPT).toMatch(/^<p>|<\w+/);
      expect(html.palmAPI).toMatch(/^<p>|<\w+/);
    }
    // The API answers the same conversation.
    const api = await server.client().get<TSharedChat>(sharedChatApiPath(hashOf(fromFirst.body.url)));
    expect(api.body.conversation).toEqual(conversation);
    expect(JSON.stringify(api.body)).not.toContain('secret-4417');
  });

  it('keeps what was shared: a turn added later is on a new link, not on the old one', async () => {
    const owner = server.client();
    const turns = await threeTurns(owner);
    const before = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: turns[1]!.logId })).body.url;
    await owner.post<TPairResponse>(API_ROUTES.getChatData, { conversationId: turns[0]!.conversationId, prompt: 'One more?', apiKeys: { a: VISITOR_KEY } });
    const after = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: turns[1]!.logId })).body.url;
    expect(after).not.toBe(before);
    const read = async (url: string) => (await server.client().get<TSharedChat>(sharedChatApiPath(hashOf(url)))).body.conversation!.turns.map((turn) => turn.prompt);
    expect(await read(before)).toEqual(PROMPTS);
    expect(await read(after)).toEqual([...PROMPTS, 'One more?']);
  });

  it('shows a regenerated answer after the one it replaced, under the same turn, in step order', async () => {
    const owner = server.client();
    const turns = await threeTurns(owner);
    const again = await owner.post<TPairResponse>(API_ROUTES.getChatData, { conversationId: turns[0]!.conversationId, regenerate: 'b' });
    expect(again.status).toBe(200);
    const url = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: turns[0]!.logId })).body.url;
    const shared = (await server.client().get<TSharedChat>(sharedChatApiPath(hashOf(url)))).body.conversation!;
    expect(shared.turns.map((turn) => [turn.turn, turn.prompt, turn.choice])).toEqual([
      [1, PROMPTS[0], undefined], [2, PROMPTS[1], undefined], [3, PROMPTS[2], undefined], [3, PROMPTS[2], { kind: 'regenerate', side: 'b' }],
    ]);
  });

  it('shares a comparison nobody followed up as the single comparison it is', async () => {
    const owner = server.client();
    const only = await owner.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'Just once.', sides: { a: { service: 'claude' }, b: { service: 'chatgpt' } } });
    const url = (await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId: only.body.logId })).body.url;
    const page = await server.client().get(new URL(url).pathname);
    const data = embeddedOrNull(page.text)!;
    expect(data.chat.prompt).toBe('Just once.');
    expect(data.chat).not.toHaveProperty('conversation');
    expect(data).not.toHaveProperty('turnsHtml');
  });

  it('is not shared by another visitor: their attempt is a 404, as for any comparison not theirs', async () => {
    const turns = await threeTurns(server.client());
    const stranger = await server.client().post(API_ROUTES.shareLink, { logId: turns[1]!.logId });
    expect(stranger.status).toBe(404);
  });
});
