import { randomBytes } from 'node:crypto';
import { API_ROUTES, type TComparisonResponse } from '@promptpair/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureLog, CONTACT, eventually, expectAnsweredUnsaved, expectStorageUnavailable, expectStreamedUnsaved, OUTAGE_BEGAN, OUTAGE_ENDED, OWN_KEYS, readyStatus, streamed, timed,
} from '../test/outage-checks.ts';
import { ADMIN_URL, createTestSchema, type TestSchema } from '../test/postgres-schema.ts';
import { startBlackHoleProxy, type BlackHoleProxy } from '../test/tcp-black-hole.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// PostgreSQL that stops answering, over real connections: a database that refuses connections
// (55000, with the server's connections terminated: 57P01) and a network that swallows every byte
// (a local proxy that stops forwarding). Within the pool's timeouts each request answers: a
// comparison whose upstream calls ran keeps its answers (marked unsaved), anything else needing the
// database is a 503 storage_unavailable, /readyz says not ready; when the database is back the server
// serves again without a restart, and the log holds one line for the outage's start and one for its end.

const UNLIMITED = { RATE_LIMITS: 'off', FREE_PROMPTS: '1000000', FREE_PROMPTS_PER_IP: '0' };
/** Short timeouts, so the test waits less; the defaults are a few seconds (db/pg-pool.ts). */
const QUICK = { DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_QUERY_TIMEOUT_MS: '1000', DATABASE_IDLE_TIMEOUT_MS: '10000' };
/** A comparison the upstreams take 1.5 s over, so the outage can begin while it runs. */
const SLOW_PROMPT = 'slow [[all:latency=1500]]';

/** The checks every outage here is held to, `begin` and `end` making and ending it. */
async function outageRound(server: TestServer, log: ReturnType<typeof captureLog>, begin: () => Promise<void>, end: () => Promise<void>) {
  const client = server.client({ browser: true });
  expect((await client.get(API_ROUTES.session)).status).toBe(200);
  expect(await readyStatus(client)).toBe(200);
  expect((await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'before' })).body.logId).toEqual(expect.any(String));

  // On the operator's keys: the free prompt is claimed, then the database goes while both services write.
  const inFlight = timed(() => client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: SLOW_PROMPT }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  await begin();
  expectAnsweredUnsaved(await inFlight);

  expectAnsweredUnsaved(await timed(() => client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'own keys', ...OWN_KEYS })));
  expectStreamedUnsaved(await timed(() => streamed(client, { prompt: 'own keys, streamed', ...OWN_KEYS })));
  const calls = server.fake.requests.length;
  expectStorageUnavailable(await timed(() => client.post(API_ROUTES.getChatData, { prompt: 'on the operator' })));
  expect(server.fake.requests.length).toBe(calls);
  expectStorageUnavailable(await timed(() => client.get(API_ROUTES.session)));
  expectStorageUnavailable(await timed(() => client.post(API_ROUTES.contactUs, CONTACT)));
  expect(await timed(() => readyStatus(client))).toBe(503);

  await end();
  await eventually(() => readyStatus(client), (status) => status === 200, '/readyz answering 200 again');
  expect((await client.get(API_ROUTES.session)).status).toBe(200);
  expect((await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'after' })).body.logId).toEqual(expect.any(String));
  expect((await client.post(API_ROUTES.contactUs, CONTACT)).status).toBe(200);

  await eventually(async () => log.named(OUTAGE_ENDED).length, (count) => count === 1, 'the line saying the database answers again');
  expect(log.named(OUTAGE_BEGAN)).toHaveLength(1);
  expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
}

describe('PostgreSQL refusing connections (ALLOW_CONNECTIONS false: 55000, its sessions terminated: 57P01)', () => {
  const log = captureLog();
  const name = `pp_refuse_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let server: TestServer;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    server = await startTestServer({ ...UNLIMITED, ...QUICK, DATABASE_URL: url.toString() }, { logStream: log.stream });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers within the timeouts (unsaved answers, 503 otherwise), /readyz follows, and it serves again once connections are allowed', async () => {
    await outageRound(
      server,
      log,
      async () => {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      },
      async () => void (await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)),
    );
    expect(log.named(OUTAGE_BEGAN)[0]).toMatchObject({ level: 40, code: expect.stringMatching(/^(55000|57P01)$/) });
  }, 90_000);
});

describe('PostgreSQL behind a network that swallows every byte (a proxy that stops forwarding)', () => {
  const log = captureLog();
  let schema: TestSchema;
  let proxy: BlackHoleProxy;
  let server: TestServer;
  beforeAll(async () => {
    schema = await createTestSchema('pp_hole');
    const url = new URL(schema.url);
    proxy = await startBlackHoleProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startTestServer({ ...UNLIMITED, ...QUICK, DATABASE_URL: url.toString() }, { logStream: log.stream });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await schema?.drop();
  });

  it('answers within the timeouts (unsaved answers, 503 otherwise) instead of hanging, /readyz follows, and it serves again once the network does', async () => {
    await outageRound(server, log, async () => proxy.swallow(), async () => proxy.heal());
  }, 90_000);
});
