import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_ROUTES, FREE_PROMPTS, type TComparisonResponse, type TSession, type TStoredKeys } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const RAW = { chatgpt_key: 'sk-live-RAW-chatgpt-key-7f3a9c1e5b', palmapi_key: 'AIzaSy-RAW-palm-key-4d2b8e6f0a' };

async function subscriber(email: string) {
  const client = server.client({ browser: true });
  await client.get(API_ROUTES.session);
  expect((await client.post(API_ROUTES.key, { ...RAW, email })).status).toBe(200);
  return client;
}

describe('saved keys at rest', () => {
  it('never stores a key in clear: neither the database file nor its WAL holds the key string', async () => {
    await subscriber('rest@example.com');
    const file = join(server.dataDir, 'promptpair.sqlite');
    const bytes = Buffer.concat([await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))]);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes('rest@example.com')).toBe(true); // the read works: the email is stored in clear
    for (const key of Object.values(RAW)) {
      expect(bytes.includes(key)).toBe(false);
      expect(bytes.includes(key.slice(8, 24))).toBe(false);
    }
    const rows = await server.composed.db.selectFrom('subscriptions').selectAll().where('email', '=', 'rest@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.chatgpt_key).toMatch(/^v1\./);
    expect(rows[0]?.chatgpt_key).not.toBe(rows[0]?.palmapi_key);
  });
});

describe('comparisons of a subscriber', () => {
  // The comparison's calls are POSTs; saving the subscription listed models (GETs) with the saved keys.
  const sentKeys = () => ({
    openai: server.fake.requests.find((r) => r.service === 'openai' && r.method === 'POST')?.headers.authorization,
    gemini: server.fake.requests.find((r) => r.service === 'gemini' && r.method === 'POST')?.headers['x-goog-api-key'],
  });

  it('run on the saved keys when the page sends none, without using a free prompt', async () => {
    const client = await subscriber('compare@example.com');
    for (let i = 0; i < FREE_PROMPTS + 2; i++) {
      const { status, body } = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: `Saved key ${i}` });
      expect(status).toBe(200);
      expect(body.chatGPT.errorMsg).toBeNull();
    }
    expect(sentKeys()).toEqual({ openai: `Bearer ${RAW.chatgpt_key}`, gemini: RAW.palmapi_key });
    expect((await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(FREE_PROMPTS);
  });

  it('run on the saved keys when the page sends back the masked hint it was given', async () => {
    const client = await subscriber('masked@example.com');
    const hint = (await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body;
    await client.post(API_ROUTES.getChatData, { prompt: 'Masked', chatGPT: { apiKey: hint.chatgptKey }, bardAPI: { apiKey: hint.palmapiKey } });
    expect(sentKeys()).toEqual({ openai: `Bearer ${RAW.chatgpt_key}`, gemini: RAW.palmapi_key });
  });

  it('run a general pair’s ChatGPT and Palm API sides on the saved keys too, without using a free prompt', async () => {
    const client = await subscriber('pair@example.com');
    const { status, body } = await client.post<{ a: { errorMsg: string | null } }>(API_ROUTES.getChatData, { prompt: 'Pair', sides: { a: { service: 'palm' }, b: { service: 'chatgpt', model: 'gpt-4o' } } });
    expect(status).toBe(200);
    expect(body.a.errorMsg).toBeNull();
    expect(sentKeys()).toEqual({ openai: `Bearer ${RAW.chatgpt_key}`, gemini: RAW.palmapi_key });
    expect((await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(FREE_PROMPTS);
  });

  it('run on a key typed on the page when it differs from the saved one', async () => {
    const client = await subscriber('typed@example.com');
    await client.post(API_ROUTES.getChatData, { prompt: 'Typed', chatGPT: { apiKey: 'sk-typed-on-the-page-000' } });
    expect(sentKeys().openai).toBe('Bearer sk-typed-on-the-page-000');
  });

  it('never forward a mask from a visitor without a subscription', async () => {
    const client = server.client();
    await client.post(API_ROUTES.getChatData, { prompt: 'Mask only', chatGPT: { apiKey: 'sk-…abcd' } });
    expect(sentKeys().openai).not.toContain('…');
  });
});
