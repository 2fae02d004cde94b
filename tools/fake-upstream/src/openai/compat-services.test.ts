import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { chatBody, openaiAuth, postJson, send, sseData } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream({
    compatServices: [
      { id: 'groq-like', name: 'Fast Host', models: ['meta-llama/llama-3.3-70b-instruct', 'qwen/qwen3-32b'] },
      { id: 'bare', name: 'Bare Server', models: ['local-model'], usage: false },
    ],
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const chat = (base: string, body: unknown) => postJson(`${base}/chat/completions`, body, openaiAuth);

describe('declared OpenAI-compatible services', () => {
  it('each lists its own models under /compat/<id>/v1', async () => {
    const list = await send(`${fake.compatBaseUrl('groq-like')}/models`, { headers: openaiAuth });
    expect(list.json).toEqual({
      object: 'list',
      data: [
        { id: 'meta-llama/llama-3.3-70b-instruct', object: 'model', created: expect.any(Number), owned_by: 'groq-like' },
        { id: 'qwen/qwen3-32b', object: 'model', created: expect.any(Number), owned_by: 'groq-like' },
      ],
    });
    const one = await send(`${fake.compatBaseUrl('groq-like')}/models/qwen/qwen3-32b`, { headers: openaiAuth });
    expect(one.json.id).toBe('qwen/qwen3-32b');
    const bare = (await send(`${fake.compatBaseUrl('bare')}/models`, { headers: openaiAuth })).json as { data: Array<{ id: string }> };
    expect(bare.data.map((m) => m.id)).toEqual(['local-model']);
    expect(() => fake.compatBaseUrl('nope')).toThrow(RangeError);
    expect((await send(`${fake.url}/compat/nope/v1/models`, { headers: openaiAuth })).status).toBe(404);
  });

  it('answers in the Chat Completions format with its own name, and refuses models it does not serve', async () => {
    const reply = await chat(fake.compatBaseUrl('groq-like'), chatBody('Hi', { model: 'meta-llama/llama-3.3-70b-instruct' }));
    expect(reply.status).toBe(200);
    expect(reply.json.model).toBe('meta-llama/llama-3.3-70b-instruct');
    expect(String(reply.json.choices[0].message.content).split('\n')[0]).toBe('Simulated Fast Host answer (meta-llama/llama-3.3-70b-instruct).');
    expect(reply.json.usage.total_tokens).toBeGreaterThan(0);
    expect(fake.requests[0]).toMatchObject({ service: 'compat/groq-like', path: '/compat/groq-like/v1/chat/completions' });
    const wrong = await chat(fake.compatBaseUrl('groq-like'), chatBody('Hi', { model: 'gpt-4o-mini' }));
    expect([wrong.status, wrong.json.error.code]).toEqual([404, 'model_not_found']);
  });

  it('a service declared without usage answers without it, JSON and streamed with include_usage', async () => {
    const base = fake.compatBaseUrl('bare');
    const whole = await chat(base, chatBody('Hi', { model: 'local-model' }));
    expect(whole.json.choices[0].message.content).toContain('Simulated Bare Server answer');
    expect(whole.json).not.toHaveProperty('usage');
    const events = sseData((await chat(base, chatBody('Hi', { model: 'local-model', stream: true, stream_options: { include_usage: true } }))).text);
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.slice(0, -1).every((data) => !('usage' in JSON.parse(data)))).toBe(true);
  });

  it('scripts and directives address one service; all reaches every one', async () => {
    fake.script('compat/groq-like', { status: 503 });
    expect((await chat(fake.compatBaseUrl('bare'), chatBody('Hi', { model: 'local-model' }))).status).toBe(200);
    expect((await chat(fake.compatBaseUrl('groq-like'), chatBody('Hi', { model: 'qwen/qwen3-32b' }))).status).toBe(503);
    expect((await chat(fake.compatBaseUrl('bare'), chatBody('x [[compat/bare:status=500]]', { model: 'local-model' }))).status).toBe(500);
    expect((await chat(fake.openaiBaseUrl, chatBody('x [[compat/bare:status=500]]'))).status).toBe(200);
    fake.script('all', { status: 502 });
    expect((await chat(fake.compatBaseUrl('bare'), chatBody('Hi', { model: 'local-model' }))).status).toBe(502);
    const scripted = await postJson(`${fake.url}/__fake/script`, { service: 'compat/bare', scenario: { status: 500 } });
    expect(scripted.status).toBe(200);
    expect((await postJson(`${fake.url}/__fake/script`, { service: 'compat/nope', scenario: {} })).status).toBe(400);
  });

  it('refuses ids that cannot be a path segment and services without models', async () => {
    await expect(startFakeUpstream({ compatServices: [{ id: 'Has Space', name: 'x', models: ['m'] }] })).rejects.toThrow(RangeError);
    await expect(startFakeUpstream({ compatServices: [{ id: 'empty', name: 'x', models: [] }] })).rejects.toThrow(RangeError);
  });
});

describe('noUsage scenario on OpenAI', () => {
  it('answers without usage, JSON and streamed, even when include_usage asks for it', async () => {
    fake.script('openai', { noUsage: true }, 2);
    const whole = await chat(fake.openaiBaseUrl, chatBody('Hi'));
    expect(whole.json.choices[0].message.content).toContain('Simulated ChatGPT answer');
    expect(whole.json).not.toHaveProperty('usage');
    const events = sseData((await chat(fake.openaiBaseUrl, chatBody('Hi', { stream: true, stream_options: { include_usage: true } }))).text);
    expect(events.slice(0, -1).every((data) => !('usage' in JSON.parse(data)))).toBe(true);
    expect((await chat(fake.openaiBaseUrl, chatBody('Hi [[openai:no-usage]]'))).json).not.toHaveProperty('usage');
    expect((await chat(fake.openaiBaseUrl, chatBody('Hi'))).json.usage.total_tokens).toBeGreaterThan(0);
  });
});
