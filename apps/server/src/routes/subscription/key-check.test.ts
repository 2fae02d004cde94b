import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_ROUTES,
  KEY_CHECK_RETRY_AFTER_SECONDS,
  keyCheckUnavailableMessage,
  keyRefusedMessage,
  subscriptionErrorText,
  type TSession,
  type TStoredKeys,
} from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// A subscription is saved (and active) only once each key passed one model listing on its
// service. The simulator refuses keys starting with "bad" as the real services do: OpenAI 401
// invalid_api_key, Google 400 INVALID_ARGUMENT with reason API_KEY_INVALID.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const GOOD = { chatgpt_key: 'sk-proj-good-key-0123456789', palmapi_key: 'AIzaSy-good-key-9876543210' };
const NO_KEYS = { chatgptKey: null, palmapiKey: null, email: null };

async function visitor(on: TestServer = server) {
  const client = on.client({ browser: true });
  await client.get(API_ROUTES.session);
  return client;
}

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

async function expectNothingSaved(client: Awaited<ReturnType<typeof visitor>>, answer: TestResponse, email: string, on: TestServer = server) {
  expect(answer.headers.getSetCookie().some((line) => /^(chatgptKey|palmapiKey)=/.test(line))).toBe(false);
  expect((await client.get<TSession>(API_ROUTES.session)).body.subscribed).toBe(false);
  expect((await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toEqual(NO_KEYS);
  expect(await on.composed.db.selectFrom('subscriptions').select('id').where('email', '=', email).execute()).toEqual([]);
}

describe('POST /api/key checks each key on its service first', () => {
  it('saves good keys after one model listing per service, each with its own key', async () => {
    const client = await visitor();
    expect((await client.post(API_ROUTES.key, { ...GOOD, email: 'good@example.com' })).status).toBe(200);
    expect((await client.get<TSession>(API_ROUTES.session)).body.subscribed).toBe(true);
    const listings = server.fake.requests.filter((request) => request.method === 'GET');
    expect(listings.find((request) => request.path === '/v1/models')?.headers.authorization).toBe(`Bearer ${GOOD.chatgpt_key}`);
    expect(listings.find((request) => request.path === '/v1beta/models')?.headers['x-goog-api-key']).toBe(GOOD.palmapi_key);
    expect(server.fake.requests.filter((request) => request.method === 'POST')).toEqual([]); // nothing generated
  });

  it('refuses a key OpenAI answers 401 with 422 key_refused naming ChatGPT, and saves nothing', async () => {
    const client = await visitor();
    const answer = await client.post<ErrorBody>(API_ROUTES.key, { ...GOOD, chatgpt_key: 'bad-openai-key-0000', email: 'bad-openai@example.com' });
    const shown = keyRefusedMessage('chatGPT', 'upstream_auth');
    expect(shown).toBe('ChatGPT rejected the API key. Check that the key is correct and active.');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: shown, code: 'key_refused', errors: { chatgpt_key: [shown] } });
    expect(subscriptionErrorText(answer.status, answer.body)).toBe(shown);
    await expectNothingSaved(client, answer, 'bad-openai@example.com');
  });

  it('refuses a key Google answers 400 API_KEY_INVALID with 422 naming Palm API', async () => {
    const client = await visitor();
    const answer = await client.post<ErrorBody>(API_ROUTES.key, { ...GOOD, palmapi_key: 'bad-google-key-0000', email: 'bad-google@example.com' });
    const listing = server.fake.requests.find((request) => request.service === 'gemini' && request.method === 'GET');
    expect(listing?.headers['x-goog-api-key']).toBe('bad-google-key-0000');
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ palmapi_key: ['Palm API rejected the API key. Check that the key is correct and active.'] });
    await expectNothingSaved(client, answer, 'bad-google@example.com');
  });

  it('names both refused keys, in field order', async () => {
    const client = await visitor();
    const answer = await client.post<ErrorBody>(API_ROUTES.key, { chatgpt_key: 'bad-one-0000', palmapi_key: 'bad-two-0000', email: 'both-bad@example.com' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['chatgpt_key', 'palmapi_key']);
    expect(answer.body.message).toBe(keyRefusedMessage('chatGPT', 'upstream_auth'));
  });

  it('keeps a subscriber’s working keys when the new ones are refused', async () => {
    const client = await visitor();
    await client.post(API_ROUTES.key, { ...GOOD, email: 'keeps@example.com' });
    const refused = await client.post(API_ROUTES.key, { ...GOOD, chatgpt_key: 'bad-replacement-0000', email: 'keeps@example.com' });
    expect(refused.status).toBe(422);
    expect((await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toEqual({ chatgptKey: 'sk-…6789', palmapiKey: 'AIz…3210', email: 'keeps@example.com' });
    expect((await client.get<TSession>(API_ROUTES.session)).body.subscribed).toBe(true);
  });

  it('answers refused keys before looking at the email, so junk keys cannot tell which emails are taken', async () => {
    await (await visitor()).post(API_ROUTES.key, { ...GOOD, email: 'taken-probe@example.com' });
    const prober = await visitor();
    const answer = await prober.post<ErrorBody>(API_ROUTES.key, { chatgpt_key: 'bad-probe-0000', palmapi_key: 'bad-probe-1111', email: 'taken-probe@example.com' });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('key_refused');
  });

  it('refuses a key that cannot travel in a header (spaces, a mask, non-ASCII) without calling anyone', async () => {
    const client = await visitor();
    for (const chatgpt_key of ['sk-with space-000', 'sk-…cdef', 'sk-ключ-0000']) {
      const answer = await client.post<ErrorBody>(API_ROUTES.key, { ...GOOD, chatgpt_key, email: 'format@example.com' });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ chatgpt_key: ['The chatgpt key field may only hold letters, digits and punctuation, without spaces.'] });
    }
    expect(server.fake.requests).toEqual([]);
  });
});

/** A loopback server standing in for a service that is down in one way or another. */
async function brokenService(answer: 'refuse' | 'error' | 'hang'): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer((_request, response) => {
    if (answer === 'error') response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Unavailable</h1>');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  if (answer === 'refuse') await close(); // nothing listens there any more: connections are refused
  return { url, close };
}

describe('POST /api/key when a service cannot be asked', () => {
  const cases = [
    { name: 'OpenAI refuses connections', broken: 'refuse', env: (url: string) => ({ OPENAI_BASE_URL: `${url}/v1` }), services: ['chatGPT'] },
    { name: 'Google answers 503', broken: 'error', env: (url: string) => ({ GOOGLE_BASE_URL: url }), services: ['palmAPI'] },
    { name: 'both never answer (timeout)', broken: 'hang', env: (url: string) => ({ OPENAI_BASE_URL: `${url}/v1`, GOOGLE_BASE_URL: url, UPSTREAM_TIMEOUT_MS: '400' }), services: ['chatGPT', 'palmAPI'] },
  ] as const;
  for (const { name, broken, env, services } of cases) {
    it(`${name}: 503 key_check_unavailable with Retry-After, the service named, nothing saved`, async () => {
      const service = await brokenService(broken);
      const offline = await startTestServer(env(service.url), { fake: server.fake });
      try {
        const client = await visitor(offline);
        const email = `unreachable-${broken}@example.com`;
        const answer = await client.post<ErrorBody>(API_ROUTES.key, { ...GOOD, email });
        const message = keyCheckUnavailableMessage(services);
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ message, code: 'key_check_unavailable' });
        expect(answer.headers.get('retry-after')).toBe(String(KEY_CHECK_RETRY_AFTER_SECONDS));
        expect(subscriptionErrorText(answer.status, answer.body)).toBe(message);
        await expectNothingSaved(client, answer, email, offline);
      } finally {
        await offline.close();
        await service.close();
      }
    });
  }

  it('words one and two services plainly', () => {
    expect(keyCheckUnavailableMessage(['chatGPT'])).toBe('ChatGPT could not be reached to check your API key, so the subscription was not saved. Please try again in a minute.');
    expect(keyCheckUnavailableMessage(['chatGPT', 'palmAPI'])).toBe(
      'ChatGPT and Palm API could not be reached to check your API keys, so the subscription was not saved. Please try again in a minute.',
    );
  });
});
