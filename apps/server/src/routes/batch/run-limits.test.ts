import { RUN_LIMIT_MESSAGES, type TBatchJob } from '@promptpair/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RUN_RETRY_AFTER } from '../../services/batch/run-admission.ts';
import { promptLines, subscribe, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';
import type { TestClient, TestResponse } from '../../test/test-client.ts';

// Limits of running prompt lists per client address and in total, over real HTTP on both
// databases. A run is held by slow first answers of the simulator (HOLD_MS), so it is surely still
// running while the next uploads arrive; no test waits on a tight clock.

const HOLD_MS = 3000;
const LIMITS = { BATCH_RUNS_PER_IP: '2', BATCH_RUNS_TOTAL: '3', BATCH_QUEUED_PROMPTS_PER_IP: '12' };

describe.each(DATABASES)('limits of running prompt lists, on %s', (kind) => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn(kind, LIMITS);
  });
  afterAll(() => target.close());
  beforeEach(() => target.server.fake.reset());

  /** Subscribers on one address, each with a cookie of its own. */
  const subscribers = (ip: string, count: number, tag: string) =>
    Promise.all(Array.from({ length: count }, (_, i) => subscribe(target.server.client({ browser: true, ip }), `${tag}-${i}-${kind}@example.com`)));
  /** The next `calls` answers of OpenAI take HOLD_MS: runs started now stay running that long. */
  const hold = (calls: number) => target.server.fake.script('openai', { latencyMs: HOLD_MS }, calls);
  const list = (client: TestClient, count: number, tag: string) => upload(client, { filename: `${tag}.txt`, content: promptLines(count, tag).join('\n') });
  const rows = async () => {
    const { rows: [counts] } = await sql<{ jobs: number; items: number }>`
      SELECT (SELECT COUNT(*) FROM batch_jobs) AS jobs, (SELECT COUNT(*) FROM batch_items) AS items`.execute(target.server.composed.db);
    return { jobs: Number(counts?.jobs), items: Number(counts?.items) };
  };
  /** The run ran to its end with exactly one record per prompt: nothing of it was lost. */
  async function expectWhole(client: TestClient, created: TestResponse<TBatchJob>) {
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', pending: 0, total: created.body.total });
    const { rows: records } = await sql<{ n: number }>`
      SELECT COUNT(*) AS n FROM logs l JOIN batch_items i ON i.log_id = l.id WHERE i.job_id = ${created.body.id} GROUP BY i.idx`.execute(target.server.composed.db);
    expect(records.map((row) => Number(row.n))).toEqual(Array(created.body.total).fill(1));
  }
  function expectRefused(answer: TestResponse<{ message?: string; code?: string }>, message: (retryAfter: number) => string) {
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe(String(RUN_RETRY_AFTER.unknownSeconds)); // nothing has finished yet: no pace to go by
    expect(answer.body).toEqual({ message: message(RUN_RETRY_AFTER.unknownSeconds), code: 'run_limit_reached' });
  }

  it('counts cookies on one address as one: of six lists sent at once, two start, four get 429 and leave nothing behind', async () => {
    const visitors = await subscribers('10.60.0.1', 6, 'race');
    const before = await rows();
    hold(4);
    const answers = await Promise.all(visitors.map((client, i) => list(client, 2, `race-${i}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    for (const refused of answers.filter((answer) => answer.status === 429)) expectRefused(refused, (wait) => RUN_LIMIT_MESSAGES.runsPerIp(2, wait));
    expect(RUN_LIMIT_MESSAGES.runsPerIp(2, 60)).toBe(
      '2 prompt lists from your network address are already running, the most this server runs at once per address. Try again when one has finished, in about 1 minute.',
    );
    expect(await rows()).toEqual({ jobs: before.jobs + 2, items: before.items + 4 });
    const addresses = await target.server.composed.db.selectFrom('batch_jobs').select('client_ip').where('id', 'in', answers.filter((a) => a.status === 201).map((a) => a.body.id)).execute();
    expect(addresses).toEqual([{ client_ip: '10.60.0.1' }, { client_ip: '10.60.0.1' }]);
    // Another address is not held up by this one.
    const [elsewhere] = await subscribers('10.60.0.2', 1, 'race-elsewhere');
    const other = await list(elsewhere!, 1, 'race-elsewhere');
    expect(other.status).toBe(201);
    for (const [i, answer] of answers.entries()) if (answer.status === 201) await expectWhole(visitors[i]!, answer);
    await expectWhole(elsewhere!, other);
  });

  it('refuses prompts past what one address may have waiting, keeps the runs it has, and takes a list that fits', async () => {
    const [first, second, third] = await subscribers('10.60.0.3', 3, 'queue');
    hold(4);
    const running = await list(first!, 8, 'queue-first');
    expect(running.status).toBe(201);
    const before = await rows();
    expectRefused(await list(second!, 5, 'queue-over'), (wait) => RUN_LIMIT_MESSAGES.queuedPerIp(8, 5, 12, wait));
    expect(await rows()).toEqual(before);
    const tooLong = await list(third!, 13, 'queue-never');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toBe('The file holds 13 prompts, more than the 12 this server takes at once per network address. Split it into smaller lists.');
    const fits = await list(second!, 4, 'queue-fits');
    expect(fits.status).toBe(201);
    await expectWhole(first!, running);
    await expectWhole(second!, fits);
  });

  it('refuses a run past the total with 429, whatever the address, and starts it once a run has ended', async () => {
    const clients = await Promise.all(['10.60.1.1', '10.60.1.2', '10.60.1.3', '10.60.1.4'].map((ip, i) => subscribe(target.server.client({ browser: true, ip }), `total-${i}-${kind}@example.com`)));
    hold(3);
    const started = [];
    for (const [i, client] of clients.slice(0, 3).entries()) started.push(await list(client, 1, `total-${i}`));
    expect(started.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const before = await rows();
    const refused = await list(clients[3]!, 1, 'total-refused');
    expectRefused(refused, RUN_LIMIT_MESSAGES.runsTotal);
    expect(refused.body.message).toBe('This server is already running as many prompt lists as it can at once. Try again in about 1 minute.');
    expect(await rows()).toEqual(before);
    for (const [i, answer] of started.entries()) await expectWhole(clients[i]!, answer);
    const later = await list(clients[3]!, 1, 'total-later');
    expect(later.status).toBe(201);
    await expectWhole(clients[3]!, later);
  });
});
