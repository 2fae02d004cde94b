import {
  API_ROUTES,
  COOKIE_NAMES,
  SUBSCRIPTION_CONFLICT_MESSAGE,
  SUBSCRIPTION_MESSAGES,
  subscriptionErrorText,
  type TSession,
  type TStoredKeys,
  type TSubscriptionSaved,
} from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const keys = (tag: string) => ({ chatgpt_key: `sk-proj-${tag}-0123456789abcdef`, palmapi_key: `AIzaSy-${tag}-fedcba9876543210` });

/** A browser visitor that has loaded the page once (so it holds the XSRF cookie). */
async function visitor() {
  const client = server.client({ browser: true });
  await client.get(API_ROUTES.session);
  return client;
}

describe('POST /api/key', () => {
  it('answers 422 with {message, errors: {field: [messages]}} in field order', async () => {
    const client = await visitor();
    const { status, body } = await client.post<{ message: string; errors: Record<string, string[]> }>(API_ROUTES.key, {
      chatgpt_key: '  ',
      palmapi_key: 'AIza-x',
      email: 'not-an-email',
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['chatgpt_key', 'email']);
    expect(body.errors.chatgpt_key).toEqual(['The chatgpt key field is required.']);
    expect(body.errors.email).toEqual([SUBSCRIPTION_MESSAGES.serverInvalidEmail]);
    expect(body.message).toBe('The chatgpt key field is required.');
    expect(subscriptionErrorText(status, body)).toBe('The chatgpt key field is required.');
  });

  it('sends the invalid-email message the page rewords', async () => {
    const client = await visitor();
    const { status, body } = await client.post(API_ROUTES.key, { ...keys('mail'), email: 'nobody@nowhere' });
    expect(status).toBe(422);
    expect(body).toMatchObject({ errors: { email: [SUBSCRIPTION_MESSAGES.serverInvalidEmail] } });
    expect(subscriptionErrorText(status, body)).toBe(SUBSCRIPTION_MESSAGES.shownInvalidEmail);
  });

  it('saves, answers masked keys and sets the prefill cookies at the root without the keys', async () => {
    const client = await visitor();
    const sent = keys('save');
    const response = await client.post<TSubscriptionSaved>(API_ROUTES.key, { ...sent, email: ' Save@Example.com ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ chatgptKey: 'sk-…cdef', palmapiKey: 'AIz…3210', email: 'save@example.com', paymentUrl: null });
    const cookies = response.headers.getSetCookie().filter((line) => /^(chatgptKey|palmapiKey)=/.test(line));
    expect(cookies).toHaveLength(2);
    for (const line of cookies) {
      expect(line).toMatch(/^(chatgptKey|palmapiKey)=1;/);
      expect(line).toContain('Path=/;');
      expect(line).not.toMatch(/HttpOnly/i);
    }
    for (const text of [response.text, response.headers.getSetCookie().join('\n')]) {
      expect(text).not.toContain(sent.chatgpt_key);
      expect(text).not.toContain(sent.palmapi_key);
    }
    expect((await client.get<TSession>(API_ROUTES.session)).body.subscribed).toBe(true);
  });

  it('answers 409 when the email holds a subscription with other keys, and moves it when the keys match', async () => {
    const first = await visitor();
    const original = keys('owner');
    expect((await first.post(API_ROUTES.key, { ...original, email: 'taken@example.com' })).status).toBe(200);

    const stranger = await visitor();
    const conflict = await stranger.post<{ message: string }>(API_ROUTES.key, { ...keys('other'), email: 'TAKEN@example.com' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe(SUBSCRIPTION_CONFLICT_MESSAGE);
    expect(subscriptionErrorText(409, conflict.body)).toBe(SUBSCRIPTION_CONFLICT_MESSAGE);

    const sameOwnerNewBrowser = await visitor();
    expect((await sameOwnerNewBrowser.post(API_ROUTES.key, { ...original, email: 'taken@example.com' })).status).toBe(200);
    expect((await sameOwnerNewBrowser.get<TStoredKeys>(API_ROUTES.getApiKey)).body.email).toBe('taken@example.com');
    expect((await first.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toEqual({ chatgptKey: null, palmapiKey: null, email: null });
  });

  it('lets a subscriber change keys and email of their own subscription', async () => {
    const client = await visitor();
    expect((await client.post(API_ROUTES.key, { ...keys('v1'), email: 'change@example.com' })).status).toBe(200);
    expect((await client.post(API_ROUTES.key, { ...keys('v2'), email: 'changed@example.com' })).status).toBe(200);
    expect((await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body.email).toBe('changed@example.com');
    expect((await (await visitor()).post(API_ROUTES.key, { ...keys('v3'), email: 'change@example.com' })).status).toBe(200);
  });
});

describe('GET /api/get-api-key', () => {
  it('answers the owner only, with masked keys, and clears stale cookies for anyone else', async () => {
    const owner = await visitor();
    const sent = keys('read');
    await owner.post(API_ROUTES.key, { ...sent, email: 'read@example.com' });
    const mine = await owner.get<TStoredKeys>(API_ROUTES.getApiKey);
    expect(mine.body).toEqual({ chatgptKey: 'sk-…cdef', palmapiKey: 'AIz…3210', email: 'read@example.com' });
    expect(mine.text).not.toContain(sent.chatgpt_key);
    expect(mine.headers.get('cache-control')).toBe('no-store');

    const other = await visitor();
    other.cookies.set(COOKIE_NAMES.chatgptKey, '1');
    const theirs = await other.get<TStoredKeys>(API_ROUTES.getApiKey);
    expect(theirs.body).toEqual({ chatgptKey: null, palmapiKey: null, email: null });
    expect(theirs.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE_NAMES.chatgptKey}=;`))).toBe(true);
  });
});

describe('payment (PAYMENT_URL)', () => {
  it('saves first and answers where to pay; the subscription is active at once', async () => {
    const paid = await startTestServer({ PAYMENT_URL: 'https://pay.example.com/checkout' }, { fake: server.fake });
    try {
      const client = paid.client({ browser: true });
      await client.get(API_ROUTES.session);
      const { body } = await client.post<TSubscriptionSaved>(API_ROUTES.key, { ...keys('pay'), email: 'pay@example.com' });
      expect(body.paymentUrl).toBe('https://pay.example.com/checkout');
      expect((await client.get<TSession>(API_ROUTES.session)).body.subscribed).toBe(true);
    } finally {
      await paid.close();
    }
  });
});
