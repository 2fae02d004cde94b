import { randomBytes } from 'node:crypto';
import { API_ROUTES, blindVotePath, type TComparisonResponse, type TSavedBlindComparison, type TScoreboard, type TSession } from '@promptpair/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createDatabase, migrateToLatest } from './database.ts';

/** The local PostgreSQL of the project's machines; each run gets its own schema and drops it after. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pp_test_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
let server: TestServer;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(ADMIN_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  server = await startTestServer({ DATABASE_URL: url.toString() });
});

afterAll(async () => {
  await server?.close();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe('PostgreSQL storage (DATABASE_URL)', () => {
  it('migrates its own schema when a sibling schema of the database already holds a deployment', async () => {
    // The server of beforeAll has migrated `schema`; a second, fresh schema must still get its tables.
    const sibling = `${schema}_b`;
    await admin.query(`CREATE SCHEMA ${sibling}`);
    const url = new URL(ADMIN_URL);
    url.searchParams.set('options', `-c search_path=${sibling}`);
    const db = createDatabase({ databaseUrl: url.toString(), dataDir: server.dataDir });
    try {
      await migrateToLatest(db);
      const tables = await admin.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1`, [sibling]);
      expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual(expect.arrayContaining(['kysely_migration', 'logs', 'batch_jobs']));
    } finally {
      await db.destroy();
      await admin.query(`DROP SCHEMA ${sibling} CASCADE`);
    }
  });

  it('migrates, answers and logs a comparison', async () => {
    const { status, body } = await server.client().post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'On PostgreSQL' });
    expect(status).toBe(200);
    const rows = await admin.query(`SELECT prompt_message FROM ${schema}.logs WHERE id = $1`, [body.logId]);
    expect(rows.rows).toEqual([{ prompt_message: 'On PostgreSQL' }]);
  });

  it('counts a blind vote per model through the log’s sides', async () => {
    const visitor = server.client();
    const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: 'Blind on PostgreSQL [[openai:text=first]] [[google:text=second]]' });
    const choice = blind.answerA.message === 'first' ? 'a' : 'b';
    expect((await visitor.post(blindVotePath(blind.logId), { choice })).status).toBe(200);
    const { body: board } = await visitor.get<TScoreboard>(API_ROUTES.scoreboard);
    expect(board.overall.models.map((m) => [m.serviceId, m.serviceName, m.wins, m.losses, m.rating])).toEqual([
      ['chatgpt', 'ChatGPT', 1, 0, null],
      ['palm', 'Palm API', 0, 1, null],
    ]);
  });

  it('refuses text with a NUL as 422 (PostgreSQL cannot store it), never a 500 after the upstream calls', async () => {
    const comparison = await server.client().post(API_ROUTES.getChatData, { prompt: 'a\u0000b' });
    expect(comparison).toMatchObject({ status: 422, body: { code: 'validation_failed', errors: { prompt: [expect.any(String)] } } });
    const contact = await server.client().post(API_ROUTES.contactUs, { email: 'a@b.co', message: 'hello\u0000 there, friend' });
    expect(contact.status).toBe(422);
    const cursor = Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000Z', 'a\u0000'])).toString('base64url');
    expect((await server.client().get(`${API_ROUTES.logDetails}?cursor=${cursor}`)).status).toBe(422);
  });

  it('counts a client address longer than the ip column (any text arrives through X-Forwarded-For)', async () => {
    const visitor = server.client({ ip: `${'spoofed-'.repeat(20)}address` });
    const { status } = await visitor.post(API_ROUTES.getChatData, { prompt: 'From a long address' });
    expect(status).toBe(200);
    expect((await visitor.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(4);
  });

  it('keeps the free cap atomic: 20 parallel requests give exactly 5 answers', async () => {
    const visitor = server.client({ ip: '10.1.1.1' });
    await visitor.get(API_ROUTES.session);
    const results = await Promise.all(Array.from({ length: 20 }, () => visitor.post(API_ROUTES.getChatData, { prompt: 'parallel' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
  });
});
