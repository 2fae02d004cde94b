import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { chatBody, openaiAuth, postJson, send, sseData } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';

let fake: FakeUpstream;
let chatUrl: string;
beforeAll(async () => {
  fake = await startFakeUpstream();
  chatUrl = `${fake.openaiBaseUrl}/chat/completions`;
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

interface Chunk {
  id: string;
  object: string;
  usage?: { total_tokens: number } | null;
  choices: Array<{ delta?: { content?: string }; finish_reason?: string | null }>;
}
const chunksOf = (events: string[]): Chunk[] => events.slice(0, -1).map((data) => JSON.parse(data) as Chunk);

const chat = (body: unknown, headers: Record<string, string> = openaiAuth) => postJson(chatUrl, body, headers);

describe('GET /v1/models', () => {
  it('lists chat and non-chat models in the list envelope', async () => {
    const reply = await send(`${fake.openaiBaseUrl}/models`, { headers: openaiAuth });
    expect(reply.status).toBe(200);
    expect(reply.json.object).toBe('list');
    const ids = (reply.json.data as Array<{ id: string }>).map((model) => model.id);
    expect(ids).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'o4-mini', 'text-embedding-3-small', 'dall-e-3', 'whisper-1', 'tts-1']));
    expect(reply.json.data[0]).toEqual({ id: expect.any(String), object: 'model', created: expect.any(Number), owned_by: expect.any(String) });
  });

  it("lists today's models: announced shutdowns carry shutdown_date, shut-down models are gone and answer 404", async () => {
    const data = (await send(`${fake.openaiBaseUrl}/models`, { headers: openaiAuth })).json.data as Array<{ id: string; shutdown_date?: string }>;
    expect(data.map((model) => model.id)).toEqual(expect.arrayContaining(['gpt-5.1', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'o3']));
    expect(data.find((model) => model.id === 'gpt-4o-mini')?.shutdown_date).toBe('2027-01-14');
    expect(data.find((model) => model.id === 'gpt-5-mini')).not.toHaveProperty('shutdown_date');
    for (const gone of ['gpt-3.5-turbo', 'o3-mini']) {
      expect(data.some((model) => model.id === gone)).toBe(false);
      expect((await chat(chatBody('Hi', { model: gone }))).json.error.code).toBe('model_not_found');
    }
  });

  it('hides models on request (option or control endpoint): neither listed nor served, until shown again', async () => {
    const hiding = await startFakeUpstream({ hiddenModels: ['gpt-5-mini'] });
    try {
      const ids = async () => ((await send(`${hiding.openaiBaseUrl}/models`, { headers: openaiAuth })).json.data as Array<{ id: string }>).map((model) => model.id);
      expect(await ids()).not.toContain('gpt-5-mini');
      const refused = await postJson(`${hiding.openaiBaseUrl}/chat/completions`, chatBody('Hi', { model: 'gpt-5-mini' }), openaiAuth);
      expect(refused.status).toBe(404);
      expect(refused.json.error.code).toBe('model_not_found');
      expect((await postJson(`${hiding.url}/__fake/models`, { hide: ['gpt-5'] })).status).toBe(200);
      expect(await ids()).toContain('gpt-5-mini');
      expect(await ids()).not.toContain('gpt-5');
      expect((await postJson(`${hiding.url}/__fake/models`, { hide: 'gpt-5' })).status).toBe(400);
    } finally {
      await hiding.close();
    }
  });

  it('counts reasoning tokens of a reasoning model in completion_tokens and its details', async () => {
    const reasoning = await chat(chatBody('Hi', { model: 'gpt-5-mini' }));
    const plain = await chat(chatBody('Hi', { model: 'gpt-4.1' }));
    expect(reasoning.json.usage.completion_tokens_details.reasoning_tokens).toBe(64);
    expect(reasoning.json.usage.completion_tokens).toBeGreaterThan(64);
    expect(plain.json.usage.completion_tokens_details.reasoning_tokens).toBe(0);
  });

  it('returns one model, or model_not_found', async () => {
    expect((await send(`${fake.openaiBaseUrl}/models/gpt-4o`, { headers: openaiAuth })).json.id).toBe('gpt-4o');
    const missing = await send(`${fake.openaiBaseUrl}/models/gpt-9`, { headers: openaiAuth });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('model_not_found');
  });
});

describe('auth', () => {
  it('answers 401 invalid_api_key with a masked key', async () => {
    const key = 'bad-key-0123456789abcdef';
    const reply = await chat(chatBody('Hi'), { authorization: `Bearer ${key}` });
    expect(reply.status).toBe(401);
    expect(reply.json.error).toMatchObject({ type: 'invalid_request_error', param: null, code: 'invalid_api_key' });
    expect(reply.json.error.message).toMatch(/^Incorrect API key provided: bad\*+cdef\. You can find your API key at https:\/\/platform\.openai\.com\/account\/api-keys\.$/);
    expect(reply.text).not.toContain(key);
    expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('refuses a bad key on the model list too, as a key check meets it', async () => {
    const reply = await send(`${fake.openaiBaseUrl}/models`, { headers: { authorization: 'Bearer bad-key-0123456789abcdef' } });
    expect(reply.status).toBe(401);
    expect(reply.json.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key' });
    expect((await send(`${fake.openaiBaseUrl}/models`)).status).toBe(401);
  });

  it('rejects a missing key and honours validKeys', async () => {
    expect((await chat(chatBody('Hi'), {})).status).toBe(401);
    const strict = await startFakeUpstream({ validKeys: ['sk-only-this-one'] });
    try {
      const url = `${strict.openaiBaseUrl}/chat/completions`;
      expect((await postJson(url, chatBody('Hi'), openaiAuth)).status).toBe(401);
      expect((await postJson(url, chatBody('Hi'), { authorization: 'Bearer sk-only-this-one' })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /v1/chat/completions', () => {
  it('answers a chat.completion per §1.4 and records the exact wire body', async () => {
    const body = chatBody('What is the capital of France?', { temperature: 0.7, max_tokens: 256 });
    const reply = await chat(body);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ id: expect.stringMatching(/^chatcmpl-/), object: 'chat.completion', created: expect.any(Number), model: 'gpt-4o-mini-2024-07-18' });
    expect(reply.json.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: expect.any(String), refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' },
    ]);
    const content: string = reply.json.choices[0].message.content;
    expect(content.split('\n')[0]).toBe('Simulated ChatGPT answer (gpt-4o-mini).');
    expect(content).toContain('What is the capital of France?');
    const { prompt_tokens, completion_tokens, total_tokens } = reply.json.usage;
    expect(total_tokens).toBe(prompt_tokens + completion_tokens);
    expect(completion_tokens).toBe(Math.ceil(content.length / 4));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ service: 'openai', method: 'POST', path: '/v1/chat/completions', body });
    expect(fake.requests[0]?.headers['authorization']).toBe(openaiAuth.authorization);
    expect((await chat(body)).json.choices[0].message.content).toBe(content); // deterministic
  });

  it('returns n choices and truncates at the token limit with finish_reason length', async () => {
    const reply = await chat(chatBody('Hi', { n: 3, max_completion_tokens: 5 }));
    expect((reply.json.choices as Array<{ index: number }>).map((choice) => choice.index)).toEqual([0, 1, 2]);
    expect(reply.json.choices[0].finish_reason).toBe('length');
    expect(reply.json.choices[0].message.content).toHaveLength(20);
  });

  it.each([
    [{ foo: 1 }, 'foo', 'Unrecognized request argument supplied: foo'],
    [{ temperature: 2.5 }, 'temperature', "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 2.5 instead."],
    [{ top_p: -0.1 }, 'top_p', undefined],
    [{ frequency_penalty: 3 }, 'frequency_penalty', undefined],
    [{ presence_penalty: -2.5 }, 'presence_penalty', undefined],
    [{ n: 129 }, 'n', undefined],
    [{ max_tokens: 0 }, 'max_tokens', undefined],
    [{ max_completion_tokens: 1.5 }, 'max_completion_tokens', undefined],
    [{ stream_options: { include_usage: true } }, 'stream_options', undefined],
    [{ messages: [] }, 'messages', undefined],
    [{ messages: [{ role: 'bot', content: 'x' }] }, 'messages[0].role', undefined],
    [{ messages: [{ role: 'user' }] }, 'messages[0].content', "Missing required parameter: 'messages[0].content'."],
    [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id', undefined],
  ])('rejects %j with 400 naming param %s', async (extra, param, message) => {
    const reply = await chat(chatBody('Hi', extra));
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ type: 'invalid_request_error', param });
    if (message) expect(reply.json.error.message).toBe(message);
  });

  it('accepts every valid role and null for optional settings', async () => {
    const messages = ['system', 'developer', 'user', 'assistant', 'user'].map((role) => ({ role, content: `${role} text` }));
    expect((await chat({ model: 'gpt-4o', messages, temperature: null, stop: ['zzz'] })).status).toBe(200);
  });

  it('answers 404 model_not_found for an unknown model and 404 for a non-chat model', async () => {
    const unknown = await chat(chatBody('Hi', { model: 'gpt-9' }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 'model_not_found', message: 'The model `gpt-9` does not exist or you do not have access to it.' });
    expect((await chat(chatBody('Hi', { model: 'dall-e-3' }))).status).toBe(404);
  });

  it('rejects max_tokens on o-series models but accepts max_completion_tokens', async () => {
    const reply = await chat(chatBody('Hi', { model: 'o4-mini', max_tokens: 100 }));
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ param: 'max_tokens', code: 'unsupported_parameter' });
    expect(reply.json.error.message).toContain('max_completion_tokens');
    expect((await chat(chatBody('Hi', { model: 'o4-mini', max_completion_tokens: 100 }))).status).toBe(200);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const reply = await chat('{"model":');
    expect(reply.status).toBe(400);
    expect(reply.json.error.message).toContain('We could not parse the JSON body');
  });
});

describe('streaming', () => {
  it('sends role, content, finish and usage chunks, then [DONE] (§1.5)', async () => {
    const reply = await chat(chatBody('Stream me', { stream: true, stream_options: { include_usage: true } }));
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseData(reply.text);
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = chunksOf(events);
    const ids = new Set(chunks.map((chunk) => chunk.id));
    expect(ids.size).toBe(1);
    expect(chunks[0]?.choices[0]?.delta).toMatchObject({ role: 'assistant', content: '' });
    const usageChunk = chunks.at(-1);
    expect(usageChunk?.choices).toEqual([]);
    expect(usageChunk?.usage?.total_tokens).toBeGreaterThan(0);
    expect(chunks.at(-2)?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.slice(0, -1).every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.usage === null)).toBe(true);
    const text = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('');
    const whole = await chat(chatBody('Stream me'));
    expect(text).toBe(whole.json.choices[0].message.content);
  });

  it('leaves out the usage chunk and usage fields without include_usage', async () => {
    const events = sseData((await chat(chatBody('Hi', { stream: true }))).text);
    const chunks = chunksOf(events);
    expect(chunks.every((chunk) => !('usage' in chunk) && chunk.choices.length === 1)).toBe(true);
  });
});
