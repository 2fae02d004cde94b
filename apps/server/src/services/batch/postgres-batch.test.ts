import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composed } from '../../compose.ts';
import { parseEnv } from '../../config/env.ts';
import { testAppKey } from '../../test/app-keys.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { promptLines, subscribe, upload, waitForJob } from './test/batch-fixtures.ts';

/** The local PostgreSQL of the project's machines; each run gets its own schema and drops it after. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pp_batch_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
let fake: FakeUpstream;
const servers: TestServer[] = [];
let second: Composed | undefined;
let dataDir = '';
/** Instances that share a database share APP_KEY, so each can read the subscriptions' keys. */
const APP_KEY = testAppKey('shared by both instances');

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  fake = await startFakeUpstream({ latencyMs: 20 });
  const url = new URL(ADMIN_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-pg-batch-'));
  servers.push(await startTestServer({ DATABASE_URL: url.toString(), APP_KEY, BATCH_CONCURRENCY: '4' }, { fake }));
  // A second instance on the same database, as behind a load balancer, looking for unclaimed jobs every second.
  second = await compose(
    parseEnv({ DATA_DIR: dataDir, APP_KEY, DATABASE_URL: url.toString(), OPENAI_BASE_URL: fake.openaiBaseUrl, GOOGLE_BASE_URL: fake.googleBaseUrl, LOG_LEVEL: 'silent' }),
    { logger: false },
  );
  await second.app.ready();
});

afterAll(async () => {
  await second?.close();
  await rm(dataDir, { recursive: true, force: true });
  for (const server of servers) await server.close();
  await fake?.close();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe('prompt-list runs on PostgreSQL', () => {
  it('runs once across two instances sharing the database: one record and one call pair per prompt', async () => {
    const [a] = servers as [TestServer];
    fake.script('openai', { latencyMs: 40 }, Infinity);
    const client = await subscribe(a.client({ browser: true }), 'pg@example.com');
    const prompts = promptLines(40, 'Postgres');
    const created = await upload(client, { filename: 'pg.csv', content: ['prompt', ...prompts].join('\n') });
    expect(created.status).toBe(201);
    // Meanwhile the second instance scans every second; the first one's lock keeps it off this job.
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 40, done: 40 });

    const { rows } = await admin.query<{ prompt_message: string; n: string }>(
      `SELECT l.prompt_message, COUNT(*) AS n FROM ${schema}.logs l JOIN ${schema}.batch_items i ON i.log_id = l.id WHERE i.job_id = $1 GROUP BY l.prompt_message`,
      [created.body.id],
    );
    expect(rows.map((row) => row.prompt_message).sort()).toEqual([...prompts].sort());
    expect(rows.every((row) => row.n === '1')).toBe(true);
    const openaiCalls = fake.requests.filter((r) => r.service === 'openai' && r.path.endsWith('/chat/completions'));
    expect(openaiCalls).toHaveLength(40);
  });

  it('starts one run when a visitor uploads several lists at once (the database holds the rule)', async () => {
    const [a] = servers as [TestServer];
    const racer = await subscribe(a.client({ browser: true }), 'pg-racer@example.com');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(racer, { filename: `race-${i}.txt`, content: 'one\ntwo\n' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    await waitForJob(racer, answers.find((answer) => answer.status === 201)?.body.id ?? '');
  });

  it('runs a general pair: the run and every record keep each side’s service, kind and model', async () => {
    const [a] = servers as [TestServer];
    const client = await subscribe(a.client({ browser: true }), 'pg-pair@example.com');
    // Side a names no model: it gets Palm API's default of today, fixed for the run when it is planned.
    const sides = { a: { service: 'palm' }, b: { service: 'chatgpt', model: 'gpt-4o-mini', settings: { temperature: 0.4 } } };
    const created = await upload(client, { filename: 'pg-pair.txt', content: promptLines(5, 'PgPair').join('\n'), sides });
    expect(created.status).toBe(201);
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', done: 5, sides: { a: { service: 'palm', name: 'Palm API', model: expect.any(String) }, b: { service: 'chatgpt', model: 'gpt-4o-mini' } } });
    const palmModel = job.sides!.a.model;
    const run = await admin.query(`SELECT side_a_service, side_a_kind, side_a_model, side_b_service, side_b_kind, side_b_model FROM ${schema}.batch_jobs WHERE id = $1`, [job.id]);
    expect(run.rows).toEqual([{ side_a_service: 'palm', side_a_kind: 'google', side_a_model: palmModel, side_b_service: 'chatgpt', side_b_kind: 'openai', side_b_model: 'gpt-4o-mini' }]);
    const { rows } = await admin.query<{ side_a_model: string; side_b_model: string; side_b_settings: string }>(
      `SELECT l.side_a_model, l.side_b_model, l.side_b_settings FROM ${schema}.logs l JOIN ${schema}.batch_items i ON i.log_id = l.id WHERE i.job_id = $1`,
      [job.id],
    );
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.side_a_model === palmModel && row.side_b_model === 'gpt-4o-mini')).toBe(true);
    expect(JSON.parse(rows[0]!.side_b_settings)).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.4 });
  });
});
