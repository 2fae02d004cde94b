// A subscriber's key per service, over real HTTP against the simulator: saved (checked on its
// service, sealed), replaced, removed, answered only masked; a general pair's comparison and a
// prompt-list run with a Claude side on the saved Claude key; and the key in no answer, download or log line.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  API_ROUTES,
  BATCH_MESSAGES,
  batchResultsPath,
  describeServiceError,
  logDownloadPath,
  maskApiKey,
  SERVICE_KEY_TEXTS,
  serviceKeyPath,
  sharedChatApiPath,
  type TApiError,
  type TPairResponse,
  type TSavedServiceKeys,
  type TShareResponse,
  type TStoredKeys,
} from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptLines, subscribe, SUBSCRIBER_KEYS, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const CLAUDE_KEY = 'sk-ant-subscriber-saved-claude-9f8e7d6c';
const OPERATOR_CLAUDE_KEY = 'sk-ant-operator-service-keys-0001';
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  server = await startTestServer(
    { ANTHROPIC_API_KEY: OPERATOR_CLAUDE_KEY, ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off', LOG_LEVEL: 'trace' },
    { fake: simulator, logStream },
  );
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});
beforeEach(() => server.fake.reset());

const put = (client: TestClient, service: string, key: unknown) => client.request<TSavedServiceKeys & TApiError>('PUT', serviceKeyPath(service), { key });
const anthropicPosts = () => server.fake.requests.filter((r) => r.service === 'anthropic' && r.method === 'POST');

describe('keys per service on a subscription', () => {
  it('are refused to a visitor without a subscription', async () => {
    const visitor = server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    const listed = await visitor.get<TApiError>(API_ROUTES.serviceKeys);
    expect(listed.status).toBe(403);
    expect(listed.body.message).toBe(SERVICE_KEY_TEXTS.subscriptionRequired);
    expect((await put(visitor, 'claude', CLAUDE_KEY)).status).toBe(403);
  });

  it('refuses an unknown service (404), a malformed key (422) and a key its service refuses (422), saving nothing', async () => {
    const client = await subscribe(server.client({ browser: true }), 'keys-refused@example.com');
    const unknown = await put(client, 'nowhere', CLAUDE_KEY);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SERVICE_KEY_TEXTS.unknownService('nowhere', ['chatgpt', 'palm', 'claude']));
    const spaced = await put(client, 'claude', 'sk ant with spaces');
    expect(spaced.status).toBe(422);
    expect(spaced.body.errors?.key?.[0]).toBe('The key field may only hold letters, digits and punctuation, without spaces.');
    const empty = await put(client, 'claude', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.key?.[0]).toBe('The key field is required.');
    const refused = await put(client, 'claude', 'bad-claude-key-0000');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'key_refused', message: describeServiceError('Claude', 'upstream_auth') });
    expect((await client.get<TSavedServiceKeys>(API_ROUTES.serviceKeys)).body.keys.map((key) => key.service)).toEqual(['chatgpt', 'palm']);
    // The spec's two keys can be replaced, not removed.
    const kept = await client.request<TApiError>('DELETE', serviceKeyPath('chatgpt'));
    expect(kept.status).toBe(422);
    expect(kept.body.message).toBe(SERVICE_KEY_TEXTS.specKeyKept('ChatGPT'));
  });

  it('saves a Claude key sealed, answers it masked, and runs a general comparison and a prompt list with a Claude side on it', async () => {
    const client = await subscribe(server.client({ browser: true }), 'keys-claude@example.com');
    const saved = await put(client, 'claude', CLAUDE_KEY);
    expect(saved.status).toBe(200);
    expect(saved.body.keys).toEqual([
      { service: 'chatgpt', name: 'ChatGPT', hint: maskApiKey(SUBSCRIBER_KEYS.chatgpt_key) },
      { service: 'palm', name: 'Palm API', hint: maskApiKey(SUBSCRIBER_KEYS.palmapi_key) },
      { service: 'claude', name: 'Claude', hint: maskApiKey(CLAUDE_KEY) },
    ]);
    // Checked on Claude with the key itself before it was saved.
    expect(server.fake.requests.some((r) => r.service === 'anthropic' && r.method === 'GET' && r.headers['x-api-key'] === CLAUDE_KEY)).toBe(true);
    const rows = await server.composed.db.selectFrom('subscription_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ service: 'claude', sealed_key: expect.stringMatching(/^v1\./) as unknown });
    // The spec's answer is as it was.
    expect((await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body).toEqual({
      chatgptKey: maskApiKey(SUBSCRIBER_KEYS.chatgpt_key),
      palmapiKey: maskApiKey(SUBSCRIBER_KEYS.palmapi_key),
      email: 'keys-claude@example.com',
    });

    // A comparison's Claude side without a key, or with the hint, runs on the saved key, not the operator's.
    server.fake.reset();
    for (const apiKey of [undefined, maskApiKey(CLAUDE_KEY)]) {
      const compared = await client.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'Saved Claude key', sides: { a: { service: 'claude', apiKey }, b: { service: 'chatgpt' } } });
      expect(compared.status).toBe(200);
      expect(compared.body.a.errorMsg).toBeNull();
    }
    expect(anthropicPosts().map((r) => r.headers['x-api-key'])).toEqual([CLAUDE_KEY, CLAUDE_KEY]);
    const logId = (await client.post<TPairResponse>(API_ROUTES.getChatData, { prompt: 'Shared Claude', sides: { a: { service: 'claude' }, b: { service: 'palm' } } })).body.logId!;

    // A prompt list with a Claude side runs on it too.
    server.fake.reset();
    const created = await upload(client, { filename: 'claude.txt', content: promptLines(3, 'Claude').join('\n'), sides: { a: { service: 'claude' }, b: { service: 'palm' } } });
    expect(created.status).toBe(201);
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', done: 3 });
    expect(anthropicPosts()).toHaveLength(3);
    expect(anthropicPosts().every((r) => r.headers['x-api-key'] === CLAUDE_KEY)).toBe(true);

    // The key is in no answer, download, shared page, database file or log line.
    const share = await client.post<TShareResponse>(API_ROUTES.shareLink, { logId });
    const hash = new URL(share.body.url).pathname.split('/').pop()!;
    const texts = await Promise.all([
      client.get(API_ROUTES.serviceKeys),
      client.get(API_ROUTES.logDetails),
      client.get(logDownloadPath('csv')),
      client.get(logDownloadPath('json')),
      client.get(batchResultsPath(job.id, 'csv')),
      client.get(batchResultsPath(job.id, 'jsonl')),
      client.get(API_ROUTES.myData),
      client.get(API_ROUTES.myDataDownload),
      server.client().get(sharedChatApiPath(hash)),
    ]);
    expect(texts.every((answer) => answer.status === 200)).toBe(true);
    const file = join(server.dataDir, 'promptpair.sqlite');
    const stored = Buffer.concat([await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))]);
    expect(stored.includes(CLAUDE_KEY)).toBe(false);
    for (const text of [...texts.map((answer) => answer.text), saved.text, lines.join('\n')]) {
      expect(text).not.toContain(CLAUDE_KEY);
      expect(text).not.toContain(CLAUDE_KEY.slice(8, 24));
    }
    expect(lines.length).toBeGreaterThan(0);
  });

  it('replaces and removes a key; a run with a Claude side is then refused again', async () => {
    const client = await subscribe(server.client({ browser: true }), 'keys-removed@example.com');
    expect((await put(client, 'claude', CLAUDE_KEY)).status).toBe(200);
    const replaced = await put(client, 'claude', `${CLAUDE_KEY}-new`);
    expect(replaced.body.keys.find((key) => key.service === 'claude')?.hint).toBe(maskApiKey(`${CLAUDE_KEY}-new`));
    // Replacing a spec key goes to the subscription's own column: GET /api/get-api-key shows it.
    const chatgpt = await put(client, 'chatgpt', 'sk-replaced-chatgpt-key-123456');
    expect(chatgpt.status).toBe(200);
    expect(chatgpt.body.keys.find((key) => key.service === 'chatgpt')?.hint).toBe(maskApiKey('sk-replaced-chatgpt-key-123456'));
    expect((await client.get<TStoredKeys>(API_ROUTES.getApiKey)).body.chatgptKey).toBe(maskApiKey('sk-replaced-chatgpt-key-123456'));

    const removed = await client.request<TSavedServiceKeys>('DELETE', serviceKeyPath('claude'));
    expect(removed.status).toBe(200);
    expect(removed.body.keys.map((key) => key.service)).toEqual(['chatgpt', 'palm']);
    expect((await client.request('DELETE', serviceKeyPath('claude'))).status).toBe(200);
    const refused = await upload(client, { filename: 'x.txt', content: 'one', sides: { a: { service: 'claude' }, b: { service: 'palm' } } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(BATCH_MESSAGES.noSavedKey('a', 'Claude'));
  });

  it('go with the subscription when the visitor deletes their data', async () => {
    const client = await subscribe(server.client({ browser: true }), 'keys-deleted@example.com');
    expect((await put(client, 'claude', CLAUDE_KEY)).status).toBe(200);
    const before = await server.composed.db.selectFrom('subscription_keys').select('subscription_id').execute();
    expect((await client.request('DELETE', API_ROUTES.myData)).status).toBe(200);
    const after = await server.composed.db.selectFrom('subscription_keys').select('subscription_id').execute();
    expect(after.length).toBe(before.length - 1);
  });
});
