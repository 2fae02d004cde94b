import {
  API_ROUTES,
  logDownloadPath,
  MESSAGES,
  SHARE_HASH_PATTERN,
  sharedChatApiPath,
  type TSavedComparisonResponse,
  type TShareResponse,
  type TSharedChat,
} from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-client.ts';
import { OPERATOR_KEYS, startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function browserVisitor() {
  const client = server.client({ browser: true });
  await client.get(API_ROUTES.session);
  return client;
}
const compare = async (client: TestClient, body: object = { prompt: 'Share this comparison' }) =>
  (await client.post<TSavedComparisonResponse>(API_ROUTES.getChatData, body)).body;
const share = (client: TestClient, logId: string) => client.post<TShareResponse>(API_ROUTES.shareLink, { logId });
const hashOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('POST /api/shareLink', () => {
  it('gives a link to /chatid/{hash} with an unguessable, URL-safe hash', async () => {
    const owner = await browserVisitor();
    const { logId } = await compare(owner);
    const { status, body } = await share(owner, logId);
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${server.url}/chatid/[A-Za-z0-9_-]{22}$`));
    expect(hashOf(body.url)).toMatch(SHARE_HASH_PATTERN);
    expect(body.url).not.toContain(logId);
  });

  it('gives the same link when the same log is shared twice, even at once', async () => {
    const owner = await browserVisitor();
    const { logId } = await compare(owner);
    const links = await Promise.all([share(owner, logId), share(owner, logId), share(owner, logId)]);
    const again = await share(owner, logId);
    expect(new Set([...links, again].map((r) => r.body.url)).size).toBe(1);
  });

  it('gives different logs different links', async () => {
    const owner = await browserVisitor();
    const first = await share(owner, (await compare(owner)).logId);
    const second = await share(owner, (await compare(owner)).logId);
    expect(first.body.url).not.toBe(second.body.url);
  });

  it("refuses to share another visitor's log, as if it did not exist", async () => {
    const owner = await browserVisitor();
    const { logId } = await compare(owner);
    const stranger = await browserVisitor();
    const { status, body } = await share(stranger, logId);
    expect(status).toBe(404);
    expect(body).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
    expect((await share(stranger, 'no-such-log')).status).toBe(404);
  });

  it('answers 422 without a logId and 403 for a forged browser request', async () => {
    const owner = await browserVisitor();
    expect((await owner.post(API_ROUTES.shareLink, {})).status).toBe(422);
    const { logId } = await compare(owner);
    const forged = await owner.post(API_ROUTES.shareLink, { logId }, { 'x-xsrf-token': 'wrong' });
    expect(forged.status).toBe(403);
  });

  it('builds the link on PUBLIC_URL when it is set', async () => {
    const proxied = await startTestServer({ PUBLIC_URL: 'https://promptpair.example/' }, { fake: server.fake });
    try {
      const owner = proxied.client();
      const { logId } = (await owner.post<TSavedComparisonResponse>(API_ROUTES.getChatData, { prompt: 'behind a proxy' })).body;
      const { body } = await owner.post<TShareResponse>(API_ROUTES.shareLink, { logId });
      expect(body.url).toMatch(/^https:\/\/promptpair\.example\/chatid\/[A-Za-z0-9_-]{22}$/);
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/chat/{hash}', () => {
  it('answers both results to anyone with the link', async () => {
    const owner = await browserVisitor();
    const answer = await compare(owner, { prompt: 'Both sides please', chatGPT: { model: 'gpt-4o-mini', temperature: 0.3, apiKey: 'sk-visitor-share-settings-1', logOutput: true } });
    const { body: link } = await share(owner, answer.logId);
    const { status, body } = await server.client().get<TSharedChat>(sharedChatApiPath(hashOf(link.url)));
    expect(status).toBe(200);
    expect(body).toEqual({
      chatGPT: answer.chatGPT,
      palmAPI: answer.palmAPI,
      prompt: 'Both sides please',
      created_at: expect.any(String),
      // What each side was sent with: never the key, nor logOutput (ours, not the service's).
      settings: { chatGPT: { model: 'gpt-4o-mini', temperature: 0.3 }, palmAPI: {} },
    });
  });

  it('answers 404 JSON for an unknown or malformed hash', async () => {
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '../../etc/passwd', 'x'.repeat(90)]) {
      const { status, body } = await server.client().get(sharedChatApiPath(hash));
      expect(status).toBe(404);
      expect(body).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
    }
  });
});

describe('secrets', () => {
  it("never puts the visitor's key in a shared result, the log or a download", async () => {
    const visitorKey = 'sk-visitor-secret-for-share-test-9876';
    const owner = await browserVisitor();
    const logOn = { apiKey: visitorKey, logOutput: true };
    const answer = await compare(owner, { prompt: 'Secret?', chatGPT: logOn, bardAPI: logOn });
    expect(answer.chatGPT.errorMsg).toBeNull();
    const { body: link } = await share(owner, answer.logId);
    const texts = [
      (await server.client().get(sharedChatApiPath(hashOf(link.url)))).text,
      (await owner.get(API_ROUTES.logDetails)).text,
      (await owner.get(logDownloadPath('csv'))).text,
      (await owner.get(logDownloadPath('json'))).text,
    ];
    for (const text of texts) {
      expect(text).toContain('Secret?');
      for (const secret of [visitorKey, visitorKey.slice(-10), OPERATOR_KEYS.openai, OPERATOR_KEYS.google]) expect(text).not.toContain(secret);
    }
  });
});
