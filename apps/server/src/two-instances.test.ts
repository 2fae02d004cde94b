import { API_ROUTES, MESSAGES, sharedChatApiPath, type TComparisonResponse, type TLogRecord, type TShareResponse, type TStoredKeys } from '@promptpair/contract';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppKey } from './test/app-keys.ts';
import { createTestSchema, type TestSchema } from './test/postgres-schema.ts';
import { spawnServer, type ServerProcess } from './test/spawn-server.ts';
import { TestClient } from './test/test-client.ts';

// Two real server processes on one PostgreSQL schema, as behind a load balancer: one product.

let schema: TestSchema;
let fake: FakeUpstream;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  schema = await createTestSchema('pp_two');
  fake = await startFakeUpstream({ latencyMs: 30 });
  const env = {
    DATABASE_URL: schema.url,
    APP_KEY: testAppKey('shared by both instances'),
    OPENAI_API_KEY: 'sk-operator',
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    GOOGLE_API_KEY: 'g-operator',
    GOOGLE_BASE_URL: fake.googleBaseUrl,
  };
  // One after the other: the first runs the migrations.
  a = await spawnServer(env);
  b = await spawnServer(env);
}, 60_000);

afterAll(async () => {
  for (const server of [a, b]) {
    server?.child.kill('SIGTERM');
    await server?.exited;
  }
  await fake?.close();
  await schema?.drop();
});

/** One visitor (one cookie jar) whose requests go to whichever instance is named. */
function visitorOnBoth(ip: string) {
  const jar = new TestClient(a.url, { browser: true, ip });
  const on = (server: ServerProcess) => {
    const client = new TestClient(server.url, { browser: true, ip });
    for (const [name, value] of jar.cookies) client.cookies.set(name, value);
    return client;
  };
  return { jar, on };
}

describe('two instances on one PostgreSQL database', () => {
  it('hold the free cap together: 40 parallel requests of one visitor spread over both, exactly 5 answered', async () => {
    const visitor = visitorOnBoth('10.20.0.1');
    await visitor.jar.get(API_ROUTES.session);
    const clients = [visitor.on(a), visitor.on(b)];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => clients[i % 2]!.post(API_ROUTES.getChatData, { prompt: `parallel ${i}` })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(35);
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, body: { message: MESSAGES.freeCapReached, code: 'free_cap_reached' } });
    expect((await visitor.on(b).get<{ freePromptsLeft: number }>(API_ROUTES.session)).body.freePromptsLeft).toBe(0);
  });

  it('show a comparison logged on one in the log of the other, and share it from either', async () => {
    const visitor = visitorOnBoth('10.20.0.2');
    await visitor.jar.get(API_ROUTES.session);
    const logBoth = { chatGPT: { logOutput: true }, bardAPI: { logOutput: true } };
    const compared = await visitor.on(a).post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'Logged on A', ...logBoth });
    expect(compared.status).toBe(200);

    const log = await visitor.on(b).get<TLogRecord[]>(API_ROUTES.logDetails);
    expect(log.status).toBe(200);
    expect(log.body.map((entry) => entry.prompt_message)).toEqual(['Logged on A']);

    const shared = await visitor.on(b).post<TShareResponse>(API_ROUTES.shareLink, { logId: compared.body.logId });
    expect(shared.status).toBe(200);
    const hash = shared.body.url.split('/').pop() ?? '';
    const again = await visitor.on(a).post<TShareResponse>(API_ROUTES.shareLink, { logId: compared.body.logId });
    expect(again.body.url.endsWith(hash)).toBe(true);
    const stranger = new TestClient(a.url);
    expect(await stranger.get(sharedChatApiPath(hash))).toMatchObject({ status: 200, body: { prompt: 'Logged on A' } });
  });

  it('read a subscription saved on one from the other (same APP_KEY), masked', async () => {
    const visitor = visitorOnBoth('10.20.0.3');
    await visitor.jar.get(API_ROUTES.session);
    const keys = { chatgpt_key: 'sk-two-instances-000000001234', palmapi_key: 'AIza-two-instances-00005678' };
    expect((await visitor.on(a).post(API_ROUTES.key, { ...keys, email: 'both@example.com' })).status).toBe(200);
    const stored = await visitor.on(b).get<TStoredKeys>(API_ROUTES.getApiKey);
    expect(stored.body).toEqual({ chatgptKey: 'sk-…1234', palmapiKey: 'AIz…5678', email: 'both@example.com' });
    expect((await visitor.on(b).get<{ subscribed: boolean }>(API_ROUTES.session)).body.subscribed).toBe(true);
  });
});
