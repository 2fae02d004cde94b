import {
  blindVotePath,
  type TSavedBlindComparison,
  API_ROUTES,
  BATCH_ROUTES,
  COOKIE_NAMES,
  MESSAGES,
  myDataComparisonPath,
  sharedChatApiPath,
  type TSavedComparisonResponse,
  type TMyData,
  type TMyDataDeleted,
  type TMyDataExport,
  type TSession,
  type TShareResponse,
} from '@promptpair/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_DATA_TABLES } from '../../db/repositories/visitor-data.ts';
import { VISITOR_COOKIE } from '../../plugins/visitor.ts';
import { promptLines, SUBSCRIBER_KEYS, subscribe, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';
import type { TestClient } from '../../test/test-client.ts';

// A visitor sees, downloads and deletes what is kept under their cookie; afterwards no table of the
// schema holds anything of them, checked table by table from the database's own catalogue.

type Coverage = (typeof VISITOR_DATA_TABLES)[keyof typeof VISITOR_DATA_TABLES];
const hashOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe.each(DATABASES)('your data, on %s', (kind) => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    // Six free prompts per IP: after deleting, the per-IP ceiling still counts the five used.
    target = await startServerOn(kind, { RATE_LIMITS: 'off', FREE_PROMPTS_PER_IP: '6' });
  });
  afterAll(() => target.close());

  const db = () => target.server.composed.db;
  async function tablesAndColumns(): Promise<Map<string, string[]>> {
    const tables = new Map<string, string[]>();
    if (kind === 'sqlite') {
      const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db());
      for (const { name } of rows) tables.set(name, (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db())).rows.map((c) => c.name));
    } else {
      const { rows } = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`.execute(db());
      for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
    }
    return tables;
  }
  const count = async (table: string, column: string, values: string[]) =>
    values.length === 0 ? 0 : Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} IN (${sql.join(values)})`.execute(db())).rows[0]?.n);
  const ids = async (table: string, column: string, visitorId: string) =>
    (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${visitorId}`.execute(db())).rows.map((row) => row.id);

  /** A visitor with something in every table: comparisons (one shared), a subscription, a running prompt list, a contact message. */
  async function busyVisitor(ip: string, email: string) {
    const visitor = target.server.client({ browser: true, ip });
    await visitor.get(API_ROUTES.session);
    const compared: TSavedComparisonResponse[] = [];
    for (let i = 0; i < 5; i++) compared.push((await visitor.post<TSavedComparisonResponse>(API_ROUTES.getChatData, { prompt: `mine ${i}`, chatGPT: { logOutput: i % 2 === 0 } })).body);
    const share = await visitor.post<TShareResponse>(API_ROUTES.shareLink, { logId: compared[0]!.logId });
    await subscribe(visitor, email);
    expect((await visitor.post(API_ROUTES.contactUs, { email, message: 'Please tell me about my data.' })).status).toBe(200);
    return { visitor, compared, hash: hashOf(share.body.url) };
  }

  it('shows what is stored, keys masked, and downloads all of it as a JSON file without any key', async () => {
    const { visitor, compared } = await busyVisitor('10.70.0.1', `see-${kind}@example.com`);
    const { status, body, headers } = await visitor.get<TMyData>(API_ROUTES.myData);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.freePromptsUsed).toBe(5);
    expect(body.comparisons.total).toBe(5);
    expect(body.comparisons.latest.map((c) => c.id)).toEqual(compared.map((c) => c.logId).reverse());
    expect(body.comparisons.latest.map((c) => c.shared)).toEqual([false, false, false, false, true]);
    expect(body.subscription).toMatchObject({ email: `see-${kind}@example.com`, chatgptKey: 'sk-…0111', palmapiKey: 'AIz…2333', status: 'active' });
    expect(body.contactMessages).toEqual([{ email: `see-${kind}@example.com`, message: 'Please tell me about my data.', created_at: expect.any(String) }]);

    const run = await upload(visitor, { filename: 'mine.txt', content: 'one\ntwo' });
    await waitForJob(visitor, run.body.id);

    const file = await visitor.get<TMyDataExport>(API_ROUTES.myDataDownload);
    // The address a run is counted against is the visitor's data too; with RATE_LIMITS=off none is kept.
    expect(file.body.promptListRuns).toEqual([expect.objectContaining({ id: run.body.id, filename: 'mine.txt', uploaded_from: null, prompts: ['one', 'two'] })]);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="promptpair-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.body.comparisons).toHaveLength(7); // the five typed, then the run's two prompts
    // Both sides as stored, also where 'log output' was off: it is the visitor's own data.
    expect(file.body.comparisons[1]).toMatchObject({ logOutput: { chatGPT: false, palmAPI: false }, chatGPT: { message: expect.stringContaining('Simulated') } });
    expect(file.body.comparisons[0]!.sharePath).toMatch(/^\/chatid\//);
    expect(file.body.subscription).toMatchObject({ email: `see-${kind}@example.com`, keysSaved: true });
    for (const secret of [SUBSCRIBER_KEYS.chatgpt_key, SUBSCRIBER_KEYS.palmapi_key, 'sk-…0111', '0111', '2333']) expect(file.text).not.toContain(secret);
  });

  it("downloads a blind comparison's order as the side shown as Answer A, voted or waiting", async () => {
    const visitor = target.server.client({ browser: true, ip: '10.70.0.6' });
    await visitor.get(API_ROUTES.session);
    const prompt = (n: number) => `blind ${n} [[openai:text=side a wrote]] [[google:text=side b wrote]]`;
    const [voted, waiting] = [(await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: prompt(1) })).body, (await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: prompt(2) })).body];
    expect((await visitor.post(blindVotePath(voted.logId), { choice: 'b' })).status).toBe(200);
    const shownA = (blind: TSavedBlindComparison) => (blind.answerA.message === 'side a wrote' ? 'a' : 'b');

    const file = await visitor.get<TMyDataExport>(API_ROUTES.myDataDownload);
    const blindOf = (logId: string) => file.body.comparisons.find((comparison) => comparison.id === logId)?.blind;
    expect(blindOf(voted.logId)).toEqual({ answerA: shownA(voted), choice: 'b', votedAt: expect.any(String) });
    expect(blindOf(waiting.logId)).toEqual({ answerA: shownA(waiting), choice: null, votedAt: null });
  });

  it('deletes one comparison: its share link stops working, the rest stays; nobody else can delete it', async () => {
    const { visitor, compared, hash } = await busyVisitor('10.70.0.2', `one-${kind}@example.com`);
    const stranger = target.server.client({ browser: true });
    await stranger.get(API_ROUTES.session);
    expect(await stranger.request('DELETE', myDataComparisonPath(compared[0]!.logId))).toMatchObject({ status: 404, body: { message: MESSAGES.notFound, code: 'not_found' } });
    expect((await stranger.get(sharedChatApiPath(hash))).status).toBe(200);

    expect((await visitor.request('DELETE', myDataComparisonPath(compared[0]!.logId))).status).toBe(204);
    expect((await stranger.get(sharedChatApiPath(hash))).status).toBe(404);
    expect((await visitor.request('DELETE', myDataComparisonPath(compared[0]!.logId))).status).toBe(404);
    expect((await visitor.get<TMyData>(API_ROUTES.myData)).body.comparisons.total).toBe(4);
  });

  it('refuses a DELETE from a browser page that does not echo the XSRF token (CSRF)', async () => {
    const { visitor, compared } = await busyVisitor('10.70.0.3', `csrf-${kind}@example.com`);
    for (const path of [API_ROUTES.myData, myDataComparisonPath(compared[0]!.logId)]) {
      const forged = await visitor.request('DELETE', path, undefined, { 'x-xsrf-token': 'forged' });
      expect(forged).toMatchObject({ status: 403, body: { code: 'csrf_failed' } });
    }
    expect((await visitor.get<TMyData>(API_ROUTES.myData)).body.comparisons.total).toBe(5);
  });

  it('deletes everything: a running prompt list is cancelled first, no table keeps a row of the visitor, the cookie is new', async () => {
    const { visitor, hash } = await busyVisitor('10.70.0.4', `all-${kind}@example.com`);
    const bystander = await busyVisitor('10.70.0.5', `bystander-${kind}@example.com`);
    // Blind comparisons, one voted on and one waiting, so comparison_votes holds rows of the visitor.
    for (const vote of [true, false]) {
      const blind = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: `blind ${vote}`, chatGPT: { logOutput: true } });
      expect(blind.status).toBe(200);
      if (vote) expect((await visitor.post(blindVotePath(blind.body.logId), { choice: 'tie' })).status).toBe(200);
    }
    for (const service of ['openai', 'google'] as const) target.server.fake.script(service, { latencyMs: 100 }, Infinity);
    const run = await upload(visitor, { filename: 'slow.txt', content: promptLines(50, 'deleted').join('\n') });
    await waitForJob(visitor, run.body.id, (job) => job.done > 2);
    const oldId = visitor.cookies.get(VISITOR_COOKIE)!;
    const visitorId = decodeURIComponent(oldId).slice(0, 22);

    const tables = await tablesAndColumns();
    for (const [table, columns] of tables) {
      const coverage: Coverage | undefined = (VISITOR_DATA_TABLES as Record<string, Coverage>)[table];
      expect(coverage, `table ${table} is not in VISITOR_DATA_TABLES`).toBeDefined();
      for (const column of columns.filter((name) => /visitor/i.test(name))) expect(coverage, `${table}.${column}`).toMatchObject({ column });
    }
    const parents = { logs: await ids('logs', 'visitor_id', visitorId), batch_jobs: await ids('batch_jobs', 'visitor_id', visitorId), subscriptions: await ids('subscriptions', 'visitor_id', visitorId) };
    expect(parents.logs.length).toBeGreaterThan(5);
    expect(parents.batch_jobs).toHaveLength(1);

    const deleted = await visitor.request<TMyDataDeleted>('DELETE', API_ROUTES.myData);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ shares: 1, subscriptions: 1, promptListRuns: 1, contactMessages: 1, freePromptCounters: 1 });
    expect(deleted.body.comparisons).toBeGreaterThanOrEqual(8);
    expect(visitor.cookies.get(VISITOR_COOKIE)).not.toBe(oldId);
    const cleared = deleted.headers.getSetCookie().filter((line) => line.startsWith(`${COOKIE_NAMES.chatgptKey}=;`) || line.startsWith(`${COOKIE_NAMES.palmapiKey}=;`));
    expect(cleared).toHaveLength(2);

    // Past the run's lock heartbeat, so a result that was in flight has had its chance to land.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    target.server.fake.reset();
    for (const [table] of tables) {
      const coverage: Coverage = (VISITOR_DATA_TABLES as Record<string, Coverage>)[table]!;
      if ('column' in coverage) expect(await count(table, coverage.column, [visitorId]), table).toBe(0);
      if ('parent' in coverage) expect(await count(table, coverage.parent.column, parents[coverage.parent.table]), table).toBe(0);
    }
    expect((await visitor.get(sharedChatApiPath(hash))).status).toBe(404);
    expect((await visitor.get<TMyData>(API_ROUTES.myData)).body).toEqual({ freePromptsUsed: 0, comparisons: { total: 0, latest: [] }, conversations: [], subscription: null, promptListRuns: [], contactMessages: [] });

    // The bystander keeps everything.
    expect((await bystander.visitor.get<TMyData>(API_ROUTES.myData)).body).toMatchObject({ comparisons: { total: 5 }, subscription: { status: 'active' } });
    // The free prompts start again for the new visitor, under the per-IP ceiling that stays (6 here, 5 used).
    expect((await visitor.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(1);
  });

  it('lets a visitor with nothing stored see and delete nothing', async () => {
    const visitor: TestClient = target.server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    expect((await visitor.get<TMyData>(API_ROUTES.myData)).body).toMatchObject({ freePromptsUsed: 0, comparisons: { total: 0 } });
    expect((await visitor.request<TMyDataDeleted>('DELETE', API_ROUTES.myData)).body).toEqual({
      comparisons: 0,
      shares: 0,
      subscriptions: 0,
      promptListRuns: 0,
      contactMessages: 0,
      freePromptCounters: 0,
    });
    expect((await visitor.post(BATCH_ROUTES.upload, { filename: 'a.txt', content: 'x' })).status).toBe(403);
  });
});
