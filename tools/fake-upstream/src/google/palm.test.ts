import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { googleAuth, palmBody, postJson, send } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const messageUrl = (model = 'chat-bison-001') => `${fake.googleBaseUrl}/v1beta2/models/${model}:generateMessage`;

describe('PaLM v1beta2', () => {
  it('lists chat-bison-001, text-bison-001 and embedding-gecko-001', async () => {
    const reply = await send(`${fake.googleBaseUrl}/v1beta2/models`, { headers: googleAuth });
    expect((reply.json.models as Array<{ name: string }>).map((model) => model.name)).toEqual([
      'models/chat-bison-001', 'models/text-bison-001', 'models/embedding-gecko-001',
    ]);
    expect(reply.json.models[0].supportedGenerationMethods).toEqual(['generateMessage', 'countMessageTokens']);
  });

  it('answers generateMessage with candidates and the messages used (§2.2)', async () => {
    const body = { prompt: { context: 'Be brief.', examples: [{ input: { content: 'a' }, output: { content: 'b' } }], messages: [{ author: 'user', content: 'Hi' }] }, temperature: 0.25, candidateCount: 2, topP: 0.95, topK: 40 };
    const reply = await postJson(messageUrl(), body, googleAuth);
    expect(reply.status).toBe(200);
    expect(reply.json.candidates).toHaveLength(2);
    expect(reply.json.candidates[0]).toEqual({ author: '1', content: expect.stringMatching(/^Simulated PaLM answer \(chat-bison-001\)\./) });
    expect(reply.json.messages).toEqual([{ author: 'user', content: 'Hi' }]);
    expect(fake.requests[0]).toMatchObject({ service: 'palm', body });
  });

  it.each([
    [{ maxOutputTokens: 64 }, 'Invalid JSON payload received. Unknown name "maxOutputTokens": Cannot find field.'],
    [{ prompt: { messages: [{ content: 'x' }], text: 'y' } }, `Invalid JSON payload received. Unknown name "text" at 'prompt': Cannot find field.`],
    [{ prompt: undefined }, undefined],
    [{ prompt: { messages: [] } }, undefined],
    [{ prompt: { messages: [{ author: 'user' }] } }, undefined],
    [{ temperature: 1.5 }, undefined],
    [{ candidateCount: 9 }, undefined],
  ])('rejects %j with 400 INVALID_ARGUMENT', async (change, message) => {
    const reply = await postJson(messageUrl(), { ...palmBody('Hi'), ...change }, googleAuth);
    expect(reply.status).toBe(400);
    expect(reply.json.error.status).toBe('INVALID_ARGUMENT');
    if (message) expect(reply.json.error.message).toBe(message);
  });

  it('answers 404 for generateMessage on a non-chat or unknown model, and checks the key', async () => {
    const reply = await postJson(messageUrl('text-bison-001'), palmBody('Hi'), googleAuth);
    expect(reply.status).toBe(404);
    expect(reply.json.error.message).toContain('models/text-bison-001 is not found for API version v1beta2, or is not supported for generateMessage');
    expect((await postJson(messageUrl('gemini-3-flash-preview'), palmBody('Hi'), googleAuth)).status).toBe(404);
    expect((await postJson(messageUrl(), palmBody('Hi'))).status).toBe(403);
    expect((await postJson(messageUrl(), palmBody('Hi'), { 'x-goog-api-key': 'bad' })).json.error.details[0].reason).toBe('API_KEY_INVALID');
  });

  it('counts message tokens', async () => {
    const reply = await postJson(`${fake.googleBaseUrl}/v1beta2/models/chat-bison-001:countMessageTokens`, { prompt: { messages: [{ content: '12345678' }] } }, googleAuth);
    expect(reply.json).toEqual({ tokenCount: 2 });
  });
});
