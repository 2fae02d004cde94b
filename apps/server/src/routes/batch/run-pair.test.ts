// A prompt-list run on any pair, over real HTTP against the simulator: planned as a general
// comparison is, run on the saved keys, its sides named on the run, its records, the shared page and
// its downloads; a side that would run on the operator's key is refused before anything is stored.
import { API_ROUTES, BATCH_MESSAGES, BATCH_ROUTES, batchItemVotePath, batchJobPath, batchResultsPath, PAIR_MESSAGES, type TApiError, type TBatchJob, type TLogRecord, type TRunItem } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptLines, subscribe, SUBSCRIBER_KEYS, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  server = await startTestServer({ ANTHROPIC_API_KEY: 'sk-ant-operator-runs', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off' }, { fake: simulator });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});
beforeEach(() => server.fake.reset());

const generations = (service: string) => server.fake.requests.filter((r) => r.service === service && r.method === 'POST' && !r.path.includes('models'));

describe('a run on a general pair', () => {
  it('runs ChatGPT against ChatGPT on the saved key with each side’s model and settings, and names both sides everywhere', async () => {
    const client = await subscribe(server.client({ browser: true }), 'general-run@example.com');
    const prompts = promptLines(4, 'Pair');
    const created = await upload(client, {
      filename: 'pair.txt',
      content: prompts.join('\n'),
      sides: { a: { service: 'chatgpt', model: 'gpt-4o', settings: { temperature: 0.2 } }, b: { service: 'chatgpt', model: 'gpt-4o-mini', settings: { temperature: 1.5 } } },
    });
    expect(created.status).toBe(201);
    const sides = {
      a: { service: 'chatgpt', kind: 'openai', name: 'ChatGPT', model: 'gpt-4o' },
      b: { service: 'chatgpt', kind: 'openai', name: 'ChatGPT', model: 'gpt-4o-mini' },
    };
    expect(created.body.sides).toEqual(sides);
    const job = await waitForJob(client, created.body.id);
    expect(job).toMatchObject({ status: 'completed', done: 4, sides });
    expect((await client.get<TBatchJob>(batchJobPath(job.id))).body.sides).toEqual(sides);

    const calls = generations('openai');
    expect(calls).toHaveLength(8);
    expect(calls.every((r) => r.headers.authorization === `Bearer ${SUBSCRIBER_KEYS.chatgpt_key}`)).toBe(true);
    expect(calls.filter((r) => (r.body as { model?: string }).model === 'gpt-4o')).toHaveLength(4);
    expect(calls.find((r) => (r.body as { model?: string }).model === 'gpt-4o-mini')?.body).toMatchObject({ temperature: 1.5 });
    expect(generations('gemini')).toHaveLength(0);

    // Each record names its sides, so Log Details and a shared page name them too.
    const logs = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body.filter((record) => record.prompt_message.startsWith('Pair prompt'));
    expect(logs).toHaveLength(4);
    expect(logs.every((record) => record.sides?.a.model === 'gpt-4o' && record.sides.b.model === 'gpt-4o-mini')).toBe(true);

    const csv: string[][] = parse((await client.get(batchResultsPath(job.id, 'csv'))).text, { bom: true });
    const header = csv[0]!;
    expect(header.slice(-4)).toEqual(['side_a_service', 'side_a_model', 'side_b_service', 'side_b_model']);
    expect(csv.slice(1).every((row) => row.slice(-4).join() === 'chatgpt,gpt-4o,chatgpt,gpt-4o-mini')).toBe(true);
    // Winners are named by side, which the side columns name by service and model.
    const finish = csv.slice(1).map((row) => row[header.indexOf('faster_finish')]);
    expect(finish.every((cell) => ['side_a', 'side_b', 'tie', ''].includes(cell ?? 'missing'))).toBe(true);
    expect(finish.some((cell) => cell !== '')).toBe(true);
    const jsonl = (await client.get(batchResultsPath(job.id, 'jsonl'))).text.trim().split('\n').map((line) => JSON.parse(line) as { sides?: unknown });
    expect(jsonl).toHaveLength(4);
    expect(jsonl.every((line) => JSON.stringify(line.sides) === JSON.stringify(sides))).toBe(true);
  });

  it('keeps a run of the spec’s pair as it was: no sides on the run, the records or the downloads', async () => {
    const client = await subscribe(server.client({ browser: true }), 'spec-run@example.com');
    const created = await upload(client, { filename: 'spec.txt', content: promptLines(2, 'Spec').join('\n') });
    const job = await waitForJob(client, created.body.id);
    expect(job).not.toHaveProperty('sides');
    const csv: string[][] = parse((await client.get(batchResultsPath(job.id, 'csv'))).text, { bom: true });
    expect(csv[0]!.at(-1)).toBe('vote_possibly_unblinded');
    expect((await client.get(batchResultsPath(job.id, 'jsonl'))).text).not.toContain('"sides"');
  });

  it('marks a vote possibly unblinded by the makers the run’s own sides ran on, not the spec’s pair', async () => {
    const client = await subscribe(server.client({ browser: true }), 'self-named-run@example.com');
    const created = await upload(client, {
      filename: 'named.txt',
      content: ['Who wrote this? [[openai:text=I am ChatGPT, made by OpenAI.]]', 'And this? [[openai:text=A plain answer.]]'].join('\n'),
      sides: { a: { service: 'chatgpt', model: 'gpt-4o' }, b: { service: 'chatgpt', model: 'gpt-4o-mini' } },
    });
    const job = await waitForJob(client, created.body.id);
    // Side b runs on ChatGPT too: its answer naming ChatGPT names its own maker.
    const named = await client.post<Extract<TRunItem, { state: 'revealed' }>>(batchItemVotePath(job.id, 1), { choice: 'tie' });
    expect(named.status).toBe(200);
    expect(named.body.vote).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: true } });
    const plain = await client.post<Extract<TRunItem, { state: 'revealed' }>>(batchItemVotePath(job.id, 2), { choice: 'a' });
    expect(plain.body.vote).toMatchObject({ possiblyUnblinded: false, selfNamed: { a: false, b: false } });
  });

  it.each([
    [{ a: { service: 'claude' }, b: { service: 'palm' } }, BATCH_MESSAGES.noSavedKey('a', 'Claude')],
    [{ a: { service: 'chatgpt' }, b: { service: 'nowhere' } }, PAIR_MESSAGES.unknownService('b', 'nowhere', ['chatgpt', 'palm', 'claude'])],
    [{ a: { service: 'chatgpt', settings: { topK: 3 } }, b: { service: 'palm' } }, null],
  ])('refuses %j with a 422 naming the side, storing nothing and calling nobody', async (sides, message) => {
    const client = await subscribe(server.client({ browser: true }), `refused-${Math.random()}@example.com`);
    server.fake.reset();
    const refused = await client.post<TApiError>(BATCH_ROUTES.upload, { filename: 'x.txt', content: 'one\ntwo', sides });
    expect(refused.status).toBe(422);
    if (message) expect(refused.body.message).toBe(message);
    else expect(refused.body.message).toMatch(/^Side a: ChatGPT takes no setting "topK"/);
    expect((await client.get<{ job: TBatchJob | null }>(BATCH_ROUTES.latest)).body.job).toBeNull();
    expect(server.fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a general run to a visitor without a subscription, as any run', async () => {
    const refused = await server.client({ browser: true }).post<TApiError>(BATCH_ROUTES.upload, { filename: 'x.txt', content: 'one', sides: { a: { service: 'chatgpt' }, b: { service: 'claude' } } });
    expect(refused.status).toBe(403);
  });
});
