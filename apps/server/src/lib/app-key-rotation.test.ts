import { API_ROUTES, type TComparisonResponse, type TMyData, type TStoredKeys } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '../plugins/visitor.ts';
import { SUBSCRIBER_KEYS, subscribe } from '../services/batch/test/batch-fixtures.ts';
import { testAppKey } from '../test/app-keys.ts';
import { createTestSchema } from '../test/postgres-schema.ts';
import { TestClient } from '../test/test-client.ts';
import { startTestServer } from '../test/test-server.ts';
import { createSecrets } from './secrets.ts';

// Rotating APP_KEY (SECURITY.md): with APP_KEY_PREVIOUS the old cookies and saved keys stay good,
// saved keys are sealed again under the new key at start and cookies are signed again on their
// next visit, so the old key can go. Without it, both are lost: the effect is tested too.

const OLD = testAppKey('the old app key');
const NEW = testAppKey('the new app key');

/** The same browser (a copy of its cookie jar) talking to another server. */
function sameBrowser(jar: TestClient, url: string): TestClient {
  const client = new TestClient(url, { browser: true });
  for (const [name, value] of jar.cookies) client.cookies.set(name, value);
  return client;
}

describe('rotating APP_KEY', () => {
  it('keeps cookies and saved keys with APP_KEY_PREVIOUS, re-seals the keys, and loses both without it', async () => {
    const schema = await createTestSchema('pp_rotate');
    const sealedKeys = async () => (await schema.admin.query(`SELECT chatgpt_key, palmapi_key FROM ${schema.name}.subscriptions`)).rows as { chatgpt_key: string; palmapi_key: string }[];
    try {
      const before = await startTestServer({ DATABASE_URL: schema.url, APP_KEY: OLD });
      const jar = await subscribe(before.client({ browser: true }), 'rotate@example.com');
      expect((await jar.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'before the rotation' })).status).toBe(200);
      await before.close();

      // A new key alone: the old cookie is not accepted (a new visitor) and the saved keys cannot be read.
      const without = await startTestServer({ DATABASE_URL: schema.url, APP_KEY: NEW });
      const lost = sameBrowser(jar, without.url);
      expect((await lost.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toEqual({ chatgptKey: null, palmapiKey: null, email: null });
      expect((await lost.get<TMyData>(API_ROUTES.myData)).body.comparisons.total).toBe(0);
      expect(lost.cookies.get(VISITOR_COOKIE)).not.toBe(jar.cookies.get(VISITOR_COOKIE));
      await without.close();

      // With the previous key: everything reads, the keys are sealed again under the new key, the cookie is signed again.
      const during = await startTestServer({ DATABASE_URL: schema.url, APP_KEY: NEW, APP_KEY_PREVIOUS: OLD });
      const kept = sameBrowser(jar, during.url);
      expect((await kept.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toMatchObject({ chatgptKey: 'sk-…0111', email: 'rotate@example.com' });
      expect((await kept.get<TMyData>(API_ROUTES.myData)).body.comparisons.total).toBe(1);
      expect(kept.cookies.get(VISITOR_COOKIE)).not.toBe(jar.cookies.get(VISITOR_COOKIE));
      const [row] = await sealedKeys();
      expect(createSecrets(NEW).decrypt(row!.chatgpt_key)).toBe(SUBSCRIBER_KEYS.chatgpt_key);
      expect(createSecrets(NEW).decrypt(row!.palmapi_key)).toBe(SUBSCRIBER_KEYS.palmapi_key);
      await during.close();

      // The old key can go: the renewed cookie and the re-sealed keys work under the new key alone.
      const after = await startTestServer({ DATABASE_URL: schema.url, APP_KEY: NEW });
      const renewed = sameBrowser(kept, after.url);
      expect((await renewed.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toMatchObject({ palmapiKey: 'AIz…2333' });
      expect((await renewed.get<TMyData>(API_ROUTES.myData)).body.comparisons.total).toBe(1);
      await after.close();
    } finally {
      await schema.drop();
    }
  });
});
