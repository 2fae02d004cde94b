import { randomBytes } from 'node:crypto';
import { API_ROUTES, BATCH_ROUTES, MESSAGES, RATE_LIMIT_MESSAGES, RATE_LIMITS, RUN_LIMIT_MESSAGES } from '@promptpair/contract';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppKey } from '../test/app-keys.ts';
import type { TestClient } from '../test/test-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// Two app instances counting in the local Redis (127.0.0.1:6379) under a key prefix of their own.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `pp-test-${randomBytes(4).toString('hex')}:`;
const SHARED = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX, APP_KEY: testAppKey('one key for both'), FREE_PROMPTS: '100000', FREE_PROMPTS_PER_IP: '0' };
let fake: FakeUpstream;
let redis: Redis;
const servers: TestServer[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream();
  redis = new Redis(REDIS_URL);
  servers.push(await startTestServer(SHARED, { fake }), await startTestServer(SHARED, { fake }));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await fake.close();
});

/** Makes the clients one visitor: the first gets a cookie, the others carry it (both instances share APP_KEY). */
async function shareCookies(clients: TestClient[]): Promise<void> {
  const [first, ...rest] = clients as [TestClient, ...TestClient[]];
  await first.get(API_ROUTES.session);
  for (const client of rest) for (const [name, value] of first.cookies) client.cookies.set(name, value);
}

describe('rate limits shared through Redis (REDIS_URL)', () => {
  it('count one visitor’s comparisons on both instances against one limit', async () => {
    const clients = servers.map((server) => server.client({ ip: '10.40.0.1' }));
    await shareCookies(clients);
    const { max } = RATE_LIMITS.comparison.perVisitor;
    const answers = [];
    for (let i = 0; i <= max; i++) answers.push(await clients[i % 2]!.post(API_ROUTES.getChatData, { prompt: `shared ${i}` }));
    expect(answers.slice(0, max).map((answer) => answer.status)).toEqual(Array(max).fill(200));
    const over = answers[max]!;
    expect(over).toMatchObject({ status: 429, body: { message: RATE_LIMIT_MESSAGES.comparison, code: 'rate_limited' } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The other instance refuses too: the count lives in Redis, not in either process.
    expect((await clients[(max + 1) % 2]!.post(API_ROUTES.getChatData, { prompt: 'again' })).status).toBe(429);
    expect(await redis.keys(`${PREFIX}*comparison:visitor:*`)).toHaveLength(1);
  });

  it('count contact messages per IP across instances', async () => {
    const { max } = RATE_LIMITS.contact.perIp;
    const send = (i: number) => servers[i % 2]!.client({ ip: '10.40.0.2' }).post(API_ROUTES.contactUs, { email: 'shared@example.com', message: `Message number ${i}.` });
    for (let i = 0; i < max; i++) expect((await send(i)).status).toBe(200);
    expect(await send(max)).toMatchObject({ status: 429, body: { message: MESSAGES.contact.rateLimited, code: 'rate_limited' } });
  });

  it('count prompt-list uploads per IP across instances, with when to retry', async () => {
    const { max } = RATE_LIMITS.batchUpload.perIp;
    // Visitors without a subscription: each attempt is a 403, and counts all the same.
    const send = (i: number) => servers[i % 2]!.client({ ip: '10.40.0.5' }).post(BATCH_ROUTES.upload, { filename: 'list.txt', content: `prompt ${i}` });
    for (let i = 0; i < max; i++) expect((await send(i)).status).toBe(403);
    for (const i of [max, max + 1]) {
      const refused = await send(i);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: RUN_LIMIT_MESSAGES.uploadsPerHourRetry(Number(refused.headers.get('retry-after'))), code: 'rate_limited' });
    }
  });

  it('serves when Redis cannot be reached: the limits go uncounted, nothing fails', async () => {
    const offline = await startTestServer({ ...SHARED, REDIS_URL: 'redis://127.0.0.1:9' }, { fake });
    try {
      const visitor = offline.client({ ip: '10.40.0.3' });
      for (let i = 0; i <= RATE_LIMITS.comparison.perVisitor.max; i++) expect((await visitor.post(API_ROUTES.getChatData, { prompt: `no redis ${i}` })).status).toBe(200);
    } finally {
      await offline.close();
    }
  });
});

describe('without REDIS_URL', () => {
  it('counts in each process: two instances let twice the burst through', async () => {
    const local = { APP_KEY: SHARED.APP_KEY, FREE_PROMPTS: SHARED.FREE_PROMPTS, FREE_PROMPTS_PER_IP: '0' };
    const pair = [await startTestServer(local, { fake }), await startTestServer(local, { fake })];
    try {
      const clients = pair.map((server) => server.client({ ip: '10.40.0.4' }));
      await shareCookies(clients);
      const { max } = RATE_LIMITS.comparison.perVisitor;
      for (let i = 0; i < 2 * max; i++) expect((await clients[i % 2]!.post(API_ROUTES.getChatData, { prompt: `local ${i}` })).status).toBe(200);
      expect((await clients[0]!.post(API_ROUTES.getChatData, { prompt: 'one too many' })).status).toBe(429);
    } finally {
      for (const server of pair) await server.close();
    }
  });
});
