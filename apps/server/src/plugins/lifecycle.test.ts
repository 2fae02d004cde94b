import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { API_ROUTES, PROBE_MESSAGES, PROBE_ROUTES } from '@promptpair/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composed } from '../compose.ts';
import { parseEnv } from '../config/env.ts';
import { migrations } from '../db/migrations/index.ts';
import { TestClient } from '../test/test-client.ts';

// The probes, on a server that logs at debug, where every other request gets its access line.
let dataDir: string;
let composed: Composed;
let client: TestClient;
const lines: string[] = [];

async function startServer(): Promise<{ composed: Composed; client: TestClient }> {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const env = parseEnv({ DATA_DIR: await mkdtemp(join(dataDir, 'server-')), OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', GOOGLE_BASE_URL: 'http://127.0.0.1:9' });
  const started = await compose(env, { logger: { level: 'debug', stream } });
  return { composed: started, client: new TestClient(await started.app.listen({ port: 0, host: '127.0.0.1' }), { browser: true }) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-probes-'));
  ({ composed, client } = await startServer());
});
afterAll(async () => {
  await composed.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('probes', () => {
  it('GET /healthz and /readyz answer ok, set no cookie and write no log line, even at debug', async () => {
    const before = lines.length;
    for (const path of [PROBE_ROUTES.healthz, PROBE_ROUTES.readyz]) {
      const answer = await client.get(path);
      expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(lines.slice(before)).toEqual([]);
    // An ordinary request gets its access line and its cookies.
    const session = await client.get(API_ROUTES.session);
    expect(session.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(lines.slice(before).some((line) => line.includes(API_ROUTES.session))).toBe(true);
  });

  it('/readyz answers 503 in the error shape, naming them, when migrations are missing', async () => {
    const last = Object.keys(migrations).sort().at(-1) ?? '';
    await sql`delete from kysely_migration where name = ${last}`.execute(composed.db);
    try {
      const answer = await client.get(PROBE_ROUTES.readyz);
      expect(answer).toMatchObject({ status: 503, body: { message: PROBE_MESSAGES.migrationsMissing, code: 'not_ready', errors: { migrations: [last] } } });
      expect((await client.get(PROBE_ROUTES.healthz)).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(composed.db);
    }
    expect((await client.get(PROBE_ROUTES.readyz)).status).toBe(200);
  });

  it('/readyz answers 503 while the database cannot write, from a write probe made at most every few seconds, and 200 once it can', async () => {
    const probedAt = async () => (await composed.db.selectFrom('storage_probe').select('probed_at').executeTakeFirst())?.probed_at;
    expect((await client.get(PROBE_ROUTES.readyz)).status).toBe(200);
    const written = await probedAt();
    expect(written).toEqual(expect.any(String));
    for (let i = 0; i < 5; i++) expect((await client.get(PROBE_ROUTES.readyz)).status).toBe(200);
    expect(await probedAt()).toBe(written);

    await sql`pragma query_only = 1`.execute(composed.db);
    try {
      const deadline = Date.now() + 20_000;
      let answer = await client.get(PROBE_ROUTES.readyz);
      while (answer.status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        answer = await client.get(PROBE_ROUTES.readyz);
      }
      expect(answer).toMatchObject({ status: 503, body: { message: PROBE_MESSAGES.databaseCannotWrite, code: 'not_ready' } });
      expect((await client.get(PROBE_ROUTES.healthz)).status).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(composed.db);
    }
    const deadline = Date.now() + 20_000;
    while ((await client.get(PROBE_ROUTES.readyz)).status !== 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await client.get(PROBE_ROUTES.readyz)).status).toBe(200);
  }, 60_000);

  it('/readyz answers 503 when the database cannot be reached, while /healthz stays 200', async () => {
    const other = await startServer();
    try {
      await other.composed.db.destroy();
      const before = lines.length;
      expect(await other.client.get(PROBE_ROUTES.readyz)).toMatchObject({ status: 503, body: { message: PROBE_MESSAGES.databaseUnreachable, code: 'not_ready' } });
      expect((await other.client.get(PROBE_ROUTES.healthz)).status).toBe(200);
      // Worth a warning: it says why the instance left the rotation.
      expect(lines.slice(before).some((line) => line.includes('"level":40') && line.includes('readiness'))).toBe(true);
    } finally {
      await other.composed.app.close();
      await other.composed.demo?.close();
    }
  });
});
