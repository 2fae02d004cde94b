import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from './index.ts';
import { chatBody, geminiBody, googleAuth, openaiAuth, palmBody, postJson, send } from './test/http-client.ts';
import type { FakeUpstream } from './types.ts';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const chat = (text: string, signal?: AbortSignal) => postJson(`${fake.openaiBaseUrl}/chat/completions`, chatBody(text), openaiAuth, signal);
const gemini = (text: string) => postJson(`${fake.googleBaseUrl}/v1beta/models/gemini-3-flash-preview:generateContent`, geminiBody(text), googleAuth);
const palm = (text: string) => postJson(`${fake.googleBaseUrl}/v1beta2/models/chat-bison-001:generateMessage`, palmBody(text), googleAuth);
const answerOf = async (text: string) => (await chat(text)).json.choices[0].message.content as string;

describe('OpenAI scenarios', () => {
  it('429 rate limit with Retry-After and x-ratelimit-* headers', async () => {
    fake.script('openai', { status: 429, retryAfterSeconds: 3 });
    const reply = await chat('Hi');
    expect(reply.status).toBe(429);
    expect(reply.json.error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded', param: null });
    expect(reply.json.error.message).toContain('Please try again in 3s');
    expect(reply.headers.get('retry-after')).toBe('3');
    expect(reply.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect((await chat('Hi')).status).toBe(200); // times defaults to 1
  });

  it('quota 429 is insufficient_quota; 500 and 503 are server_error', async () => {
    fake.script('openai', { status: 429, quota: true });
    fake.script('openai', { status: 500 });
    fake.script('openai', { status: 503 });
    const quota = await chat('Hi');
    expect(quota.json.error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(quota.headers.get('retry-after')).toBeNull();
    expect((await chat('Hi')).json.error).toMatchObject({ type: 'server_error', message: 'The server had an error while processing your request. Sorry about that!' });
    expect((await chat('Hi')).status).toBe(503);
  });

  it('context answers the 400 of a prompt past the context window, scripted or by directive', async () => {
    fake.script('openai', { context: true });
    const scripted = await chat('Hi');
    expect(scripted.status).toBe(400);
    expect(scripted.json.error).toMatchObject({ type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' });
    expect(scripted.json.error.message).toMatch(/^This model's maximum context length is \d+ tokens\./);
    expect((await chat('Hi [[openai:context]]')).json.error.code).toBe('context_length_exceeded');
    for (const call of [gemini, palm]) {
      const reply = await call('Hi [[google:context]]');
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(reply.json.error.message).toMatch(/^The input token count \(\d+\) exceeds the maximum number of tokens allowed \(\d+\)\.$/);
    }
  });

  it('malformed answers 200 with a body that is not JSON', async () => {
    fake.script('openai', { malformed: true });
    const reply = await chat('Hi');
    expect(reply.status).toBe(200);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.json).toBeUndefined();
  });

  it('scenario text replaces the answer, and times: Infinity keeps applying', async () => {
    fake.script('openai', { text: 'Fixed answer.' }, Infinity);
    expect(await answerOf('a')).toBe('Fixed answer.');
    expect(await answerOf('b')).toBe('Fixed answer.');
  });
});

describe('Google scenarios', () => {
  it('429 RESOURCE_EXHAUSTED carries QuotaFailure and RetryInfo', async () => {
    fake.script('gemini', { status: 429, retryAfterSeconds: 7 });
    const reply = await gemini('Hi');
    expect(reply.status).toBe(429);
    expect(reply.json.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(reply.json.error.message).toContain('Please retry in 7s');
    const types = (reply.json.error.details as Array<{ '@type': string }>).map((detail) => detail['@type']);
    expect(types).toEqual(expect.arrayContaining(['type.googleapis.com/google.rpc.QuotaFailure', 'type.googleapis.com/google.rpc.RetryInfo']));
    expect((reply.json.error.details as Array<{ retryDelay?: string }>).find((detail) => detail.retryDelay)).toMatchObject({ retryDelay: '7s' });
  });

  it('quota 429 is a daily QuotaFailure without RetryInfo', async () => {
    fake.script('gemini', { quota: true });
    const reply = await gemini('Hi');
    expect(reply.status).toBe(429);
    expect(reply.text).not.toContain('RetryInfo');
    expect(reply.json.error.details[0].violations[0].quotaId).toContain('PerDay');
  });

  it.each([
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [504, 'DEADLINE_EXCEEDED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [400, 'INVALID_ARGUMENT'],
  ])('status %i answers the %s envelope', async (status, name) => {
    fake.script('gemini', { status });
    const reply = await gemini('Hi');
    expect(reply.status).toBe(status);
    expect(reply.json.error).toMatchObject({ code: status, status: name, message: expect.any(String) });
  });

  it('google targets gemini and palm; each keeps its own count', async () => {
    fake.script('google', { status: 503 });
    expect((await gemini('Hi')).status).toBe(503);
    expect((await palm('Hi')).status).toBe(503);
    expect((await gemini('Hi')).status).toBe(200);
    expect((await chat('Hi')).status).toBe(200);
  });

  it('malformed gemini answers are 200 and not JSON', async () => {
    fake.script('gemini', { malformed: true });
    const reply = await gemini('Hi');
    expect(reply.status).toBe(200);
    expect(reply.json).toBeUndefined();
  });
});

describe('directives', () => {
  it('apply to the addressed service only and never show in the answer', async () => {
    const text = 'Hello there [[gemini:status=500]] [[openai:text=Hi, from a directive]]';
    expect(await answerOf(text)).toBe('Hi, from a directive');
    expect((await gemini(text)).status).toBe(500);
    const palmReply = await palm(text);
    expect(palmReply.status).toBe(200);
    expect(palmReply.json.candidates[0].content).not.toContain('[[');
    expect(palmReply.json.candidates[0].content).toContain('You asked: "Hello there"');
  });

  it('all and google address several services; retry-after and quota keys work', async () => {
    const rate = await gemini('x [[google:status=429,retry-after=2]]');
    expect((rate.json.error.details as unknown[]).at(-1)).toMatchObject({ retryDelay: '2s' });
    expect((await chat('x [[all:quota]]')).json.error.code).toBe('insufficient_quota');
  });

  it('are read from the last user message only', async () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: '[[openai:status=500]]' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'Hi' }] };
    expect((await postJson(`${fake.openaiBaseUrl}/chat/completions`, body, openaiAuth)).status).toBe(200);
  });

  it('lose to a scripted scenario', async () => {
    fake.script('openai', { text: 'scripted' });
    expect(await answerOf('x [[openai:text=typed]]')).toBe('scripted');
    expect(await answerOf('x [[openai:text=typed]]')).toBe('typed');
  });
});

describe('hang and latency', () => {
  it('reset starts an answer and then resets the connection', async () => {
    fake.script('openai', { reset: true });
    await expect(chat('Hi')).rejects.toThrow();
    fake.script('palm', { reset: true });
    await expect(palm('Hi')).rejects.toThrow();
    expect((await chat('Hi')).status).toBe(200);
  });

  it('counts its open connections: hanging ones close when their clients abort, so they do not pile up', async () => {
    const own = await startFakeUpstream();
    try {
      for (let call = 0; call < 10; call++) {
        own.script('openai', { hang: true });
        const aborted = postJson(`${own.openaiBaseUrl}/chat/completions`, chatBody('Hi'), openaiAuth, AbortSignal.timeout(50));
        await expect(aborted).rejects.toThrow();
      }
      // fetch may keep a spare connection or two open; ten hanging ones would be ten.
      for (let wait = 0; (await own.connections()) > 2 && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await own.connections()).toBeLessThanOrEqual(2);
    } finally {
      await own.close();
    }
  });

  it('close() ends hanging requests', async () => {
    const own = await startFakeUpstream();
    own.script('gemini', { hang: true });
    const pending = postJson(`${own.googleBaseUrl}/v1beta/models/gemini-3-flash-preview:generateContent`, geminiBody('Hi'), googleAuth);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.close();
    await expect(pending).rejects.toThrow();
  });
});

describe('control endpoints', () => {
  it('script, requests and reset work over HTTP', async () => {
    const scripted = await postJson(`${fake.url}/__fake/script`, { service: 'openai', scenario: { status: 500 }, times: 'Infinity' });
    expect(scripted.status).toBe(200);
    expect((await chat('Hi')).status).toBe(500);
    expect((await chat('Hi')).status).toBe(500);
    const recorded = await send(`${fake.url}/__fake/requests`);
    expect(recorded.json).toHaveLength(2);
    expect(recorded.json[0]).toMatchObject({ service: 'openai', path: '/v1/chat/completions', body: chatBody('Hi') });
    await postJson(`${fake.url}/__fake/reset`, {});
    expect(fake.requests).toHaveLength(0);
    expect((await chat('Hi')).status).toBe(200);
  });

  it('rejects bad scripts with 400 and does not record control calls', async () => {
    expect((await postJson(`${fake.url}/__fake/script`, { service: 'bard', scenario: {} })).status).toBe(400);
    expect((await postJson(`${fake.url}/__fake/script`, { service: 'openai', scenario: { stauts: 500 } })).status).toBe(400);
    expect((await postJson(`${fake.url}/__fake/script`, { service: 'openai', scenario: {}, times: 0 })).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('recordRequests: false', () => {
  it('answers as usual and keeps no requests (a long-running simulator must not grow)', async () => {
    const quiet = await startFakeUpstream({ recordRequests: false });
    try {
      const answer = await postJson(`${quiet.openaiBaseUrl}/chat/completions`, chatBody('Hello'), openaiAuth);
      expect(answer.status).toBe(200);
      expect(quiet.requests).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
