// A side's model context window, over real HTTP against the simulator: a follow-up whose history
// (estimated at a quarter of its characters, plus the answer's token cap) would pass it is refused
// before anything is sent, naming the side, the model and its window; blind, naming neither; a side
// not asked is not checked. A service's own refusal of a long context is that side's plain error,
// the other side answering.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, BLIND_CONVERSATION_MESSAGES, BLIND_TEXTS, CONVERSATION_MESSAGES, describeServiceError } from '@promptpair/contract';
import { startFakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageOf, ROUTER_MODEL, sendTurn as send, startConversationServer } from '../../test/conversation-server.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  const fake = await startFakeUpstream();
  const file = join(mkdtempSync(join(tmpdir(), 'promptpair-context-')), 'services.json');
  writeFileSync(file, JSON.stringify([{ id: 'router', name: 'Model Router', baseUrl: fake.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: [ROUTER_MODEL], contextTokens: { [ROUTER_MODEL]: 3000 } }]));
  // The product's own ceilings far above the windows, so only the windows refuse here.
  server = await startConversationServer({ fake, env: { SERVICES_FILE: file, CONVERSATION_MAX_CHARS: '200000', CONVERSATION_MAX_TURNS: '10', FREE_PROMPTS: '50' } });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});
beforeEach(() => server.fake.reset());

/** The POSTs the simulator received that carry `text`. */
const sent = (text: string) => server.fake.requests.filter((r) => r.method === 'POST' && JSON.stringify(r.body).includes(text));
const quarter = (...texts: string[]) => Math.ceil(texts.reduce((sum, text) => sum + text.length, 0) / 4);

describe('a conversation past a model’s context window', () => {
  it('refuses a PaLM side growing past chat-bison-001’s 4,096 tokens before sending, and takes the other side alone', async () => {
    const client = server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service: 'chatgpt' }, b: { service: 'palm', model: 'chat-bison-001' } } });
    expect(first.status).toBe(200);
    const id = first.body.conversationId;
    const second = await send(client, { conversationId: id, prompt: 'y'.repeat(10_000) });
    expect(second.status).toBe(200);
    const [b1, b2] = [messageOf(first.body.b), messageOf(second.body.b)];

    const third = 'z'.repeat(8_000);
    const refused = await send(client, { conversationId: id, prompt: third });
    expect(refused.status).toBe(422);
    const tokens = quarter('Name a colour.', b1, 'y'.repeat(10_000), b2, third);
    expect(tokens).toBeGreaterThan(4096);
    expect(refused.body.message).toBe(CONVERSATION_MESSAGES.pastContext('b', 'chat-bison-001', 4096, tokens));
    expect(refused.body.message).toContain("chat-bison-001's context of 4,096 tokens");
    expect(sent(third)).toEqual([]);

    // Side a alone: b is not asked, so its window is not checked.
    const alone = await send(client, { conversationId: id, prompt: third, only: 'a' });
    expect(alone.status).toBe(200);
    expect(alone.body.turn).toBe(3);
    expect(sent(third).map((r) => r.service)).toEqual(['openai']);
  });

  it('counts a declared model’s contextTokens and the side’s answer cap', async () => {
    const client = server.client();
    const first = await send(client, { prompt: 'Hi', sides: { a: { service: 'chatgpt' }, b: { service: 'router', settings: { maxLength: 1000 } } } });
    expect(first.status).toBe(200);
    // About 2,000 tokens of text: within 3,000 alone, past it with the 1,000-token answer cap.
    const prompt = 'w'.repeat(8_000);
    const refused = await send(client, { conversationId: first.body.conversationId, prompt });
    expect(refused.status).toBe(422);
    const tokens = quarter('Hi', messageOf(first.body.b), prompt) + 1000;
    expect(refused.body.message).toBe(CONVERSATION_MESSAGES.pastContext('b', ROUTER_MODEL, 3000, tokens));
    expect(sent(prompt)).toEqual([]);
  });

  it('words a blind side by its hidden label, naming neither the model nor its window', async () => {
    const client = server.client();
    const blind = await client.post<{ conversationId: string }>(API_ROUTES.blindComparison, { prompt: 'Blind', sides: { a: { service: 'chatgpt' }, b: { service: 'router' } } });
    expect(blind.status).toBe(200);
    const prompt = 'v'.repeat(12_100);
    const refused = await client.post<{ message: string }>(API_ROUTES.blindComparison, { conversationId: blind.body.conversationId, prompt });
    expect(refused.status).toBe(422);
    expect([BLIND_TEXTS.answerA, BLIND_TEXTS.answerB].map((label) => BLIND_CONVERSATION_MESSAGES.pastContext(label, 0).replace('0 tokens', ''))).toContain(
      refused.body.message.replace(/[\d,]+ tokens/, ''),
    );
    expect(refused.body.message).not.toMatch(/llama|router|3,000/i);
    expect(sent(prompt)).toEqual([]);
  });
});

describe('a service refusing a context too long for its model', () => {
  it.each([
    ['claude', 'anthropic', 'Claude'],
    ['chatgpt', 'openai', 'ChatGPT'],
    ['palm', 'gemini', 'Palm API'],
  ])('answers %s’s refusal on turn 2 as its side’s plain error, while the other side answers', async (service, target, name) => {
    const client = server.client();
    const first = await send(client, { prompt: 'Name a colour.', sides: { a: { service }, b: { service: 'router' } } });
    expect(first.status).toBe(200);
    const second = await send(client, { conversationId: first.body.conversationId, prompt: `Another one? [[${target}:context]]` });
    expect(second.status).toBe(200);
    // The model asked for, as the side's info names it.
    const model = second.body.sides.a.model;
    expect(second.body.a.errorMsg).toBe(describeServiceError(name, 'upstream_context', { model }));
    expect(second.body.a.errorMsg).toBe(`The conversation is longer than ${model} can read. Start a new conversation, or continue with only the other side.`);
    expect(messageOf(second.body.b)).toBeTruthy();
  });
});
