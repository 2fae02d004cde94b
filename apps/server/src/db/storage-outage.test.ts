import { join } from 'node:path';
import { API_ROUTES, MESSAGES, STORAGE_RETRY_AFTER_SECONDS, type TComparisonResponse } from '@promptpair/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOn, type ServerOnDatabase } from '../test/both-databases.ts';
import { captureLog, OUTAGE_BEGAN } from '../test/outage-checks.ts';
import type { TestClient, TestResponse } from '../test/test-client.ts';

// A database that drops its connections (PostgreSQL) or stays locked (SQLite) answers clear 503s,
// never a 500, and the server serves again as soon as the database does, without a restart.

const UNLIMITED = { RATE_LIMITS: 'off', FREE_PROMPTS: '1000000', FREE_PROMPTS_PER_IP: '0' };
const CONTACT = { email: 'outage@example.com', message: 'Hello there, is anyone home?' };

function expectStorageUnavailable(answer: TestResponse) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ message: MESSAGES.storageUnavailable, code: 'storage_unavailable' });
  expect(answer.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
}

/** One round of what visitors do: every step reads or writes the database. */
async function visit(client: TestClient, round: number): Promise<TestResponse[]> {
  const answers: TestResponse[] = [await client.get(API_ROUTES.session)];
  const comparison = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: `outage round ${round}`, chatGPT: { logOutput: true } });
  answers.push(comparison, await client.post(API_ROUTES.contactUs, CONTACT), await client.get(API_ROUTES.logDetails));
  // A comparison whose log the kill cut off answered unsaved (logId null): nothing to share.
  if (comparison.status === 200 && comparison.body.logId !== null) answers.push(await client.post(API_ROUTES.shareLink, { logId: comparison.body.logId }));
  return answers;
}

describe('PostgreSQL connections killed under load (pg_terminate_backend)', () => {
  const log = captureLog();
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn('postgres', UNLIMITED, { logStream: log.stream });
  });
  afterAll(() => target.close());

  it('answers 503 storage_unavailable with Retry-After (never a 500) while they die, then serves again', async () => {
    const { server, schema, applicationName } = target;
    const answers: TestResponse[] = [];
    let loading = true;
    const worker = async (index: number) => {
      const client = server.client({ ip: `10.50.0.${index}` });
      for (let round = 0; loading; round++) answers.push(...(await visit(client, round)));
    };
    const workers = Array.from({ length: 6 }, (_, index) => worker(index));
    // Kill the server's connections again and again until some request met a dying one (bounded).
    let kills = 0;
    for (; kills < 100 && !answers.some((answer) => answer.status === 503); kills++) {
      await schema!.admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    loading = false;
    await Promise.all(workers);

    expect(kills).toBeLessThan(100);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const answer of answers.filter((a) => a.status === 503)) expectStorageUnavailable(answer);

    // Recovered without a restart: a new round answers in full.
    const after = await visit(server.client(), 0);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Said at warn, once per outage (db/storage-health.ts), never as an error with a stack per request.
    expect(log.named(OUTAGE_BEGAN).length).toBeGreaterThan(0);
    expect(log.named(OUTAGE_BEGAN).length).toBeLessThanOrEqual(kills);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('SQLite held locked by another process past the busy timeout', () => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn('sqlite', UNLIMITED);
  });
  afterAll(() => target.close());

  it('answers a write 503 storage_unavailable with Retry-After, keeps reading, and writes again once the lock goes', async () => {
    const client = target.server.client();
    const other = new SQLite(join(target.server.dataDir, 'promptpair.sqlite'));
    try {
      other.exec('BEGIN EXCLUSIVE');
      expectStorageUnavailable(await client.post(API_ROUTES.contactUs, CONTACT));
      expect((await client.get(API_ROUTES.logDetails)).status).toBe(200);
      other.exec('ROLLBACK');
      expect(await client.post(API_ROUTES.contactUs, CONTACT)).toMatchObject({ status: 200, body: { received: true } });
    } finally {
      other.close();
    }
  });
});
