import { API_ROUTES, BATCH_MESSAGES, batchCancelPath, batchJobPath, batchResultsPath, BATCH_ROUTES, batchSummaryPath, type TBatchJob, type TBatchSummary, type TLatestBatch } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptLines, subscribe, SUBSCRIBER_KEYS, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const generationCalls = () => server.fake.requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.includes(':generateContent')).length;

async function recordsPerPrompt(jobId: string) {
  const { rows } = await sql<{ prompt_message: string; n: number }>`
    SELECT l.prompt_message, COUNT(*) AS n FROM logs l JOIN batch_items i ON i.log_id = l.id
    WHERE i.job_id = ${jobId} GROUP BY l.prompt_message`.execute(server.composed.db);
  return rows;
}

describe('prompt-list runs', () => {
  it('runs 200 prompts through 429s and 500s and ends with exactly 200 records', async () => {
    const client = await subscribe(server.client({ browser: true }), 'two-hundred@example.com');
    server.fake.script('openai', { status: 429, retryAfterSeconds: 1 }, 6);
    server.fake.script('gemini', { status: 500 }, 5);
    const prompts = promptLines(200, 'Mixed');
    const created = await upload(client, { filename: 'list.txt', content: prompts.join('\n') + '\n', chatGPT: { model: 'gpt-4o', temperature: 0.2 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ total: 200, status: 'running', filename: 'list.txt' });

    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', total: 200, pending: 0, etaSeconds: null });
    expect(job.done + job.failed).toBe(200);
    expect(job.done).toBeGreaterThanOrEqual(198); // 429s are waited out; five 500s in a row may exhaust one prompt's retries

    const records = await recordsPerPrompt(job.id);
    expect(records).toHaveLength(200);
    expect(records.every((row) => Number(row.n) === 1)).toBe(true);
    expect(new Set(records.map((row) => row.prompt_message))).toEqual(new Set(prompts));

    // The saved keys and the page's settings reached the upstream; 429s were retried, not recorded.
    // Generation calls are POSTs (saving the subscription listed models with the same key).
    const openai = server.fake.requests.filter((r) => r.service === 'openai' && r.method === 'POST');
    expect(openai.length).toBeGreaterThanOrEqual(206);
    expect(openai.every((r) => r.headers.authorization === `Bearer ${SUBSCRIBER_KEYS.chatgpt_key}`)).toBe(true);
    expect(openai[0]?.body).toMatchObject({ model: 'gpt-4o', temperature: 0.2 });
  });

  it('shows every result in Log Details, and downloads them as CSV and JSONL without keys', async () => {
    const client = await subscribe(server.client({ browser: true }), 'download@example.com');
    const created = await upload(client, { filename: 'my list.jsonl', content: promptLines(12, 'Download').map((prompt) => JSON.stringify({ prompt })).join('\n') });
    await waitForJob(client, created.body.id);

    const logs = await client.get<{ prompt_message: string }[]>('/log-details?limit=100');
    expect(logs.body.filter((record) => record.prompt_message.startsWith('Download prompt'))).toHaveLength(12);

    const csv = await client.get(batchResultsPath(created.body.id, 'csv'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="my_list-results.csv"');
    const rows: string[][] = parse(csv.text, { bom: true });
    expect(rows[0]).toEqual([
      'line', 'prompt', 'status',
      'chatgpt_message', 'chatgpt_tokens', 'chatgpt_elapsed_s', 'chatgpt_error', 'chatgpt_model', 'chatgpt_input_tokens', 'chatgpt_output_tokens', 'chatgpt_cost_usd',
      'palm_message', 'palm_tokens', 'palm_elapsed_s', 'palm_error', 'palm_model', 'palm_input_tokens', 'palm_output_tokens', 'palm_cost_usd',
      'faster_start', 'faster_finish', 'cheaper', 'chatgpt_words', 'palm_words', 'similarity',
      'finished_at',
      'blind_answer_a', 'vote', 'vote_possibly_unblinded',
    ]);
    expect(rows).toHaveLength(13);
    expect(rows[1]?.slice(0, 3)).toEqual(['1', 'Download prompt 1: name a colour.', 'done']);
    expect(rows[1]?.[3]).not.toBe('');

    const jsonl = await client.get(batchResultsPath(created.body.id, 'jsonl'));
    const entries = jsonl.text.trim().split('\n').map((line) => JSON.parse(line) as { line: number; chatGPT: { message: string } });
    expect(entries.map((entry) => entry.line)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(entries[0]?.chatGPT.message).toEqual(expect.any(String));
    for (const text of [csv.text, jsonl.text]) for (const key of Object.values(SUBSCRIBER_KEYS)) expect(text).not.toContain(key);

    // Each prompt's verdict, and the run's summary.
    const header = rows[0]!;
    const column = (name: string) => rows.slice(1).map((row) => row[header.indexOf(name)]);
    expect(column('faster_finish').every((cell) => ['chatGPT', 'palmAPI', 'tie'].includes(cell!))).toBe(true);
    expect(column('similarity').every((cell) => Number(cell) >= 0 && Number(cell) <= 1 && cell !== '')).toBe(true);
    expect(column('chatgpt_cost_usd').every((cell) => Number(cell) > 0)).toBe(true);
    expect((JSON.parse(jsonl.text.split('\n')[0]!) as { verdict: object }).verdict).toMatchObject({ fasterFinish: expect.any(String), wordsA: expect.any(Number) });
    const summary = await client.get<TBatchSummary>(batchSummaryPath(created.body.id));
    expect(summary.status).toBe(200);
    expect(summary.body.prompts).toBe(12);
    expect(summary.body.cost.a.total).toBeGreaterThan(0);
    expect(summary.body.faster.a + summary.body.faster.b + summary.body.faster.ties).toBe(12);
    expect(summary.body.medianSeconds.a).toEqual(expect.any(Number));
    expect((await server.client().get(batchSummaryPath(created.body.id))).status).toBe(404);
  });

  it('cancel stops new calls at once and keeps what finished', async () => {
    const client = await subscribe(server.client({ browser: true }), 'cancel@example.com');
    for (const service of ['openai', 'google'] as const) server.fake.script(service, { latencyMs: 150 }, Infinity);
    const created = await upload(client, { filename: 'long.txt', content: promptLines(100, 'Cancel').join('\n') });
    await waitForJob(client, created.body.id, (job) => job.done >= 8);

    const cancelled = await client.post<TBatchJob>(batchCancelPath(created.body.id));
    expect(cancelled.body.status).toBe('cancelled');
    const callsAtCancel = generationCalls();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(generationCalls()).toBe(callsAtCancel);
    const after = (await client.get<TBatchJob>(batchJobPath(created.body.id))).body;
    expect(after.pending).toBeGreaterThan(50);
    expect(after.done).toBe(cancelled.body.done);
  });

  it('refuses a second list while one runs (409), finds the latest after a reload, and hides runs from others', async () => {
    const client = await subscribe(server.client({ browser: true }), 'latest@example.com');
    for (const service of ['openai', 'google'] as const) server.fake.script(service, { latencyMs: 100 }, Infinity);
    const created = await upload(client, { filename: 'a.txt', content: promptLines(30, 'Latest').join('\n') });
    const second = await upload(client, { filename: 'b.txt', content: 'one more' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(BATCH_MESSAGES.alreadyRunning);

    const latest = await client.get<TLatestBatch>(BATCH_ROUTES.latest);
    expect(latest.body.job?.id).toBe(created.body.id);
    const stranger = server.client({ browser: true });
    expect((await stranger.get<TLatestBatch>(BATCH_ROUTES.latest)).body.job).toBeNull();
    expect((await stranger.get(batchJobPath(created.body.id))).status).toBe(404);
    expect((await stranger.post(batchCancelPath(created.body.id))).status).toBe(404);
    expect((await stranger.get(batchResultsPath(created.body.id, 'csv'))).status).toBe(404);
    await client.post(batchCancelPath(created.body.id));
  });

  it('is for subscribers only', async () => {
    const client = server.client({ browser: true });
    await client.get(API_ROUTES.session);
    const { status, body } = await upload(client, { filename: 'x.txt', content: 'hello' });
    expect(status).toBe(403);
    expect(body.message).toBe(BATCH_MESSAGES.subscriptionRequired);
  });
});
