import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import OpenAI, { AuthenticationError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbort, isNetworkFailure } from '../errors.ts';
import { upstreamFetch } from './upstream-fetch.ts';

let fake: FakeUpstream;
let slow: FakeUpstream;
beforeAll(async () => {
  [fake, slow] = await Promise.all([startFakeUpstream(), startFakeUpstream({ latencyMs: 2000 })]);
});
afterAll(async () => {
  await Promise.all([fake.close(), slow.close()]);
});

const chatBody = (extra: object = {}) => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], ...extra });
const post = (base: string, key: string, body: string, signal?: AbortSignal) =>
  upstreamFetch(`${base}/chat/completions`, { method: 'POST', headers: new Headers({ authorization: `Bearer ${key}`, 'content-type': 'application/json' }), body, signal });

describe('upstreamFetch', () => {
  it('answers a standard Response: status, headers and the JSON body', async () => {
    const response = await post(fake.openaiBaseUrl, 'sk-good', chatBody());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as { object: string }).object).toBe('chat.completion');
    expect(fake.requests.at(-1)?.headers['authorization']).toBe('Bearer sk-good');
  });

  it('reads a whole answer once, by any body method or as a stream, as fetch does', async () => {
    const byText = await post(fake.openaiBaseUrl, 'sk-good', chatBody());
    const copy = byText.clone();
    const text = await byText.text();
    expect(byText.bodyUsed).toBe(true);
    await expect(byText.json()).rejects.toBeInstanceOf(TypeError);
    expect(() => byText.clone()).toThrow(TypeError);
    expect(JSON.parse(text)).toEqual(await copy.json());

    const byStream = await post(fake.openaiBaseUrl, 'sk-good', chatBody());
    expect(byStream.bodyUsed).toBe(false);
    const streamed = await new Response(byStream.body).text();
    expect(JSON.parse(streamed)).toMatchObject({ object: 'chat.completion', choices: (JSON.parse(text) as { choices: unknown[] }).choices });
    expect(byStream.bodyUsed).toBe(true);
    await expect(byStream.text()).rejects.toBeInstanceOf(TypeError);

    const bytes = await (await post(fake.openaiBaseUrl, 'sk-good', chatBody())).arrayBuffer();
    expect((JSON.parse(new TextDecoder().decode(bytes)) as { object: string }).object).toBe('chat.completion');
  });

  it('sends a URL, given as text or as a URL, to its origin with its path and query', async () => {
    const url = new URL(`${fake.openaiBaseUrl}/chat/completions?trace=on&page=2`);
    for (const input of [url, url.href]) {
      const response = await upstreamFetch(input, { method: 'POST', headers: { authorization: 'Bearer sk-good', 'content-type': 'application/json' }, body: chatBody() });
      expect(response.status).toBe(200);
      expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: url.pathname, query: { trace: 'on', page: '2' } });
    }
    await expect(upstreamFetch('not a url', { method: 'POST', body: chatBody() })).rejects.toMatchObject({ message: 'fetch failed' });
  });

  it('hands error answers over as they are', async () => {
    const response = await post(fake.openaiBaseUrl, 'bad-key', chatBody());
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });

  it('streams server-sent events as they arrive', async () => {
    const response = await post(fake.openaiBaseUrl, 'sk-good', chatBody({ stream: true }));
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('data: ');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('fails as fetch does: a refused connection is a TypeError("fetch failed"), an abort its reason', async () => {
    const refused = await upstreamFetch('http://127.0.0.1:9/v1/models').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect(isNetworkFailure(refused)).toBe(true);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await post(slow.openaiBaseUrl, 'sk-good', chatBody(), controller.signal).catch((error: unknown) => error);
    expect(isAbort(aborted, controller.signal)).toBe(true);
    expect((aborted as Error).name).toBe('AbortError');
  });

  it('serves the OpenAI SDK, typed errors included', async () => {
    const client = new OpenAI({ apiKey: 'sk-good', baseURL: fake.openaiBaseUrl, maxRetries: 0, fetch: upstreamFetch });
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
    expect(typeof completion.choices[0]?.message.content).toBe('string');
    await expect(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }, { headers: { Authorization: 'Bearer bad-key' } })).rejects.toBeInstanceOf(AuthenticationError);
  });
});
