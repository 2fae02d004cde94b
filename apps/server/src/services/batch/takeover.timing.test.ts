import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestSchema } from '../../test/postgres-schema.ts';
import { spawnServer, type ServerProcess } from '../../test/spawn-server.ts';
import { TestClient } from '../../test/test-client.ts';
import { testAppKey } from '../../test/app-keys.ts';
import { promptLines, subscribe, upload, waitForJob } from './test/batch-fixtures.ts';

// Three real server processes on one database take turns at one prompt-list run. Each talks to
// its own simulator, so every upstream call says which instance made it, and when.

const PROMPTS = 300;
const APP_KEY = testAppKey('one app key for every instance');
let pgSchema: TestSchema;
let dataDir: string;
const processes: ServerProcess[] = [];
const fakes: FakeUpstream[] = [];

beforeAll(async () => {
  pgSchema = await createTestSchema('pp_takeover');
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-takeover-'));
});
afterAll(async () => {
  for (const server of processes) server.child.kill('SIGKILL');
  await Promise.all(fakes.map((fake) => fake.close()));
  await pgSchema.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Generation calls (POST); model lists are GETs. */
const callsTo = (fake: FakeUpstream) => fake.requests.filter((request) => request.method === 'POST');

async function firstCallAfter(fake: FakeUpstream, since: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const call = callsTo(fake).find((request) => request.at >= since);
    if (call) return call.at;
    if (Date.now() > deadline) throw new Error('no instance took the run over');
    await sleep(20);
  }
}

/** The same visitor (cookie jar) talking to another instance; they share APP_KEY, so its cookie is good there. */
function sameVisitor(from: TestClient, url: string): TestClient {
  const client = new TestClient(url, { browser: true });
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

async function recordsPerPrompt(kind: string, jobId: string): Promise<{ prompt: string; n: number }[]> {
  const query = 'SELECT l.prompt_message AS prompt, COUNT(*) AS n FROM logs l JOIN batch_items i ON i.log_id = l.id WHERE i.job_id = $1 GROUP BY l.prompt_message';
  if (kind === 'PostgreSQL') {
    const { rows } = await pgSchema.admin.query<{ prompt: string; n: string }>(query.replaceAll(/\b(logs|batch_items)\b/g, (table) => `${pgSchema.name}.${table}`), [jobId]);
    return rows.map((row) => ({ prompt: row.prompt, n: Number(row.n) }));
  }
  const db = new SQLite(join(dataDir, 'promptpair.sqlite'), { readonly: true });
  try {
    return db.prepare(query.replace('$1', '?')).all(jobId) as { prompt: string; n: number }[];
  } finally {
    db.close();
  }
}

describe.each(['SQLite', 'PostgreSQL'])('a prompt-list run across instances on %s', (kind) => {
  it('is worked by one instance at a time, moves on within 5 s of a SIGKILL and at once after a SIGTERM, one record per prompt', { timeout: 120_000 }, async () => {
    const storage: Record<string, string> = kind === 'PostgreSQL' ? { DATABASE_URL: pgSchema.url, DATA_DIR: join(dataDir, 'pg') } : { DATA_DIR: dataDir };
    const start = async (latencyMs = 100) => {
      const fake = await startFakeUpstream({ latencyMs });
      fakes.push(fake);
      const env = { ...storage, APP_KEY, BATCH_CONCURRENCY: '2', OPENAI_API_KEY: 'sk-op', OPENAI_BASE_URL: fake.openaiBaseUrl, GOOGLE_API_KEY: 'g-op', GOOGLE_BASE_URL: fake.googleBaseUrl };
      const server = await spawnServer(env);
      processes.push(server);
      return { server, fake };
    };

    // A works at four prompts a second, so the run outlasts starting B however busy the machine.
    const a = await start(500);
    const client = await subscribe(new TestClient(a.server.url, { browser: true }), `takeover-${kind}@example.com`);
    const prompts = promptLines(PROMPTS, `Takeover ${kind}`);
    const created = await upload(client, { filename: 'turns.txt', content: prompts.join('\n') });
    expect(created.status).toBe(201);
    const jobId = created.body.id;
    await waitForJob(client, jobId, (job) => job.done + job.failed >= 20);

    // A second instance scans every second, and keeps off the run A holds. Its upstream is slower (two
    // prompts a second), so the run is still going when C is up and B is stopped, however long
    // starting C takes on a busy machine.
    const b = await start(1000);
    await sleep(1500);
    expect(callsTo(b.fake)).toHaveLength(0);

    const killedAt = Date.now();
    a.server.child.kill('SIGKILL');
    expect(await a.server.exited).toBe('SIGKILL');
    const takeover = (await firstCallAfter(b.fake, killedAt)) - killedAt;
    expect(takeover).toBeLessThan(5000);

    // C answers at once: what is left of the run after the hand-back is only waiting otherwise.
    const c = await start(0);
    await sleep(1500);
    expect(callsTo(c.fake)).toHaveLength(0);
    const watcher = sameVisitor(client, b.server.url);
    const progress = await waitForJob(watcher, jobId, (job) => job.done + job.failed >= 60);
    expect(progress.status).toBe('running');

    // A clean stop hands the run back: the next scan of C (within a second) takes it.
    const stoppedAt = Date.now();
    b.server.child.kill('SIGTERM');
    expect(await b.server.exited).toBe('0');
    const handBack = (await firstCallAfter(c.fake, stoppedAt)) - stoppedAt;
    expect(handBack).toBeLessThan(5000);

    const job = await waitForJob(sameVisitor(client, c.server.url), jobId, undefined, 60_000);
    expect(job).toMatchObject({ status: 'completed', total: PROMPTS, pending: 0 });
    c.server.child.kill('SIGTERM');
    expect(await c.server.exited).toBe('0');

    const records = await recordsPerPrompt(kind, jobId);
    expect(records.map((row) => row.prompt).sort()).toEqual([...prompts].sort());
    expect(records.filter((row) => row.n !== 1)).toEqual([]);
    // Every call of A came before B's first, and every call of B before C's first: one instance at a time.
    const last = (fake: FakeUpstream) => Math.max(...callsTo(fake).map((call) => call.at));
    const first = (fake: FakeUpstream) => Math.min(...callsTo(fake).map((call) => call.at));
    expect(last(a.fake)).toBeLessThanOrEqual(first(b.fake));
    expect(last(b.fake)).toBeLessThanOrEqual(first(c.fake));
  });
});
