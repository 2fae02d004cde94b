import {
  API_ROUTES,
  BATCH_MESSAGES,
  batchCancelPath,
  batchItemsPath,
  batchItemVotePath,
  batchResultsPath,
  otherSide,
  SPEC_PAIR,
  sharedChatApiPath,
  type TLogRecord,
  type TModelOffers,
  type TRunItem,
  type TRunItemsPage,
  type TScoreboard,
  type TSharedChat,
} from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptLines, subscribe, SUBSCRIBER_KEYS, upload, waitForJob } from '../../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';

// What a prompt-list run keeps of each prompt, its results view and its votes, over
// HTTP on both databases.

/** Each service answers a text that tells the test, not the page, which one wrote it. */
const marked = (n: number) => `Review ${n} [[openai:text=first wrote ${n}]] [[google:text=second wrote ${n}]]`;
/** What would tell the services apart: names, models, metrics. */
const GIVEAWAY = /chatGPT|palmAPI|gpt-|gemini|openai|google|tokens|elapsed|cost|rawOutput|model|usage|errorMsg/i;
type Blind = Extract<TRunItem, { state: 'blind' }>;
type Revealed = Extract<TRunItem, { state: 'revealed' }>;

describe.each(DATABASES)('prompt-list results on %s', (kind) => {
  let on: ServerOnDatabase;
  beforeAll(async () => {
    on = await startServerOn(kind, { RATE_LIMITS: 'off' });
  });
  afterAll(() => on.close());

  it('keeps with each prompt’s record the settings each side was sent with, never a key, as the shared page shows', async () => {
    const client = await subscribe(on.server.client({ browser: true }), `settings-${kind}@example.com`);
    const created = await upload(client, {
      filename: 'tuned.txt',
      content: promptLines(2, 'Tuned').join('\n'),
      chatGPT: { model: 'gpt-4o', temperature: 0.3, apiKey: 'sk-typed-on-the-page-000999', logOutput: false },
      bardAPI: { topK: 5, apiKey: 'AIza-typed-on-the-page-000888' },
    });
    expect(created.status).toBe(201);
    await waitForJob(client, created.body.id);

    const records = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body.filter((r) => r.prompt_message.startsWith('Tuned'));
    expect(records).toHaveLength(2);
    const { body: link } = await client.post<{ url: string }>(API_ROUTES.shareLink, { logId: records[0]!.id });
    const hash = new URL(link.url).pathname.split('/').at(-1)!;
    const shared = await on.server.client().get<TSharedChat>(sharedChatApiPath(hash));
    // The side that named no model keeps the one it was sent: the service's default the page offers.
    const { palmAPI } = (await on.server.client().get<TModelOffers>(API_ROUTES.models)).body;
    expect(palmAPI.defaultModel).toEqual(expect.any(String));
    expect(shared.body.settings).toEqual({ chatGPT: { model: 'gpt-4o', temperature: 0.3 }, palmAPI: { topK: 5, model: palmAPI.defaultModel } });

    const stored = await on.server.composed.db.selectFrom('logs').select(['side_a_settings', 'side_b_settings']).where('prompt_message', 'like', 'Tuned%').execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      for (const text of [row.side_a_settings, row.side_b_settings]) {
        expect(text).not.toBeNull();
        for (const key of ['sk-typed-on-the-page-000999', 'AIza-typed-on-the-page-000888', ...Object.values(SUBSCRIBER_KEYS)]) expect(text).not.toContain(key);
        expect(text).not.toContain('apiKey');
        expect(text).not.toContain('logOutput');
      }
    }
  });

  async function finishedRun(email: string, prompts: string[], filename = 'review.txt') {
    const client = await subscribe(on.server.client({ browser: true }), email);
    const created = await upload(client, { filename, content: prompts.join('\n') });
    expect(created.status).toBe(201);
    await waitForJob(client, created.body.id);
    return { client, id: created.body.id };
  }

  it('shows a run a page at a time, each prompt blind: two texts in an order drawn per prompt and kept', async () => {
    const { client, id } = await finishedRun(`blind-${kind}@example.com`, Array.from({ length: 12 }, (_, i) => marked(i + 1)));
    const first = await client.get<TRunItemsPage>(batchItemsPath(id, 1));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.body.items.map((item) => item.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const seen = new Set<string>();
    for (const item of first.body.items as Blind[]) {
      expect(item.state).toBe('blind');
      expect(Object.keys(item).sort()).toEqual(['answerA', 'answerB', 'line', 'prompt', 'state']);
      expect(Object.keys(item.answerA).sort()).toEqual(['failed', 'message']);
      expect(JSON.stringify({ ...item, prompt: '' })).not.toMatch(GIVEAWAY);
      expect([item.answerA.message, item.answerB.message].sort()).toEqual([`first wrote ${item.line}`, `second wrote ${item.line}`]);
      seen.add(item.answerA.message!.split(' ')[0]!);
    }
    expect(seen).toEqual(new Set(['first', 'second']));

    const again = await client.get<TRunItemsPage>(batchItemsPath(id, 1));
    expect(again.body).toEqual(first.body);
    const second = await client.get<TRunItemsPage>(batchItemsPath(id, 2));
    expect(second.body.items.map((item) => [item.line, item.state])).toEqual([[11, 'blind'], [12, 'blind']]);
    expect((await client.get<TRunItemsPage>(batchItemsPath(id, 3))).body).toMatchObject({ page: 3, pages: 2, items: [] });
  });

  it('takes one vote per prompt, reveals it, and shows it in Log Details, the run’s scoreboard and both downloads', async () => {
    const { client, id } = await finishedRun(`vote-${kind}@example.com`, [marked(1), marked(2), marked(3)], 'votes.txt');
    const blind = (await client.get<TRunItemsPage>(batchItemsPath(id, 1))).body.items[1] as Blind;

    const voted = await client.post<Revealed>(batchItemVotePath(id, 2), { choice: 'a' });
    expect(voted.status).toBe(200);
    const reveal = voted.body;
    expect(reveal.state).toBe('revealed');
    // Answer A is named by its side: side a ran on ChatGPT (the first), side b on Palm API.
    const a = reveal.vote.answerA;
    expect(reveal[a].message).toBe(blind.answerA.message);
    expect(blind.answerA.message).toBe(a === 'a' ? 'first wrote 2' : 'second wrote 2');
    expect(reveal.a).toMatchObject({ model: expect.stringMatching(/^gpt-/), usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) }, cost: expect.any(Number) });
    expect(reveal.vote).toMatchObject({ choice: 'a', possiblyUnblinded: false });

    const page = (await client.get<TRunItemsPage>(batchItemsPath(id, 1))).body.items;
    expect(page.map((item) => item.state)).toEqual(['blind', 'revealed', 'blind']);
    expect(page[1]).toEqual(reveal);

    const again = await client.post<{ code: string; message: string }>(batchItemVotePath(id, 2), { choice: 'b' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: BATCH_MESSAGES.alreadyVoted });

    const records = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body;
    expect(records.filter((record) => record.vote)).toEqual([expect.objectContaining({ prompt_message: marked(2), vote: reveal.vote })]);

    const board = (await client.get<TScoreboard>(API_ROUTES.scoreboard)).body;
    const winner = SPEC_PAIR[a].service;
    const loser = SPEC_PAIR[otherSide(a)].service;
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]).toMatchObject({ runId: id, filename: 'votes.txt', votes: 1 });
    expect(board.runs[0]!.byService[winner]).toEqual({ wins: 1, losses: 0, ties: 0, bothBad: 0 });
    expect(board.runs[0]!.byService[loser]).toEqual({ wins: 0, losses: 1, ties: 0, bothBad: 0 });

    const csv = parse<Record<string, string>>((await client.get(batchResultsPath(id, 'csv'))).text, { bom: true, columns: true });
    expect(csv.map((row) => [row.line, row.blind_answer_a, row.vote, row.vote_possibly_unblinded])).toEqual([['1', '', '', ''], ['2', a === 'a' ? 'side a (ChatGPT)' : 'side b (Palm API)', 'a', 'no'], ['3', '', '', '']]);
    const jsonl = (await client.get(batchResultsPath(id, 'jsonl'))).text.trim().split('\n').map((line) => JSON.parse(line) as { vote: unknown });
    expect(jsonl.map((entry) => entry.vote)).toEqual([null, reveal.vote, null]);
  });

  it('marks a prompt’s vote possibly unblinded when an answer names its own maker', async () => {
    const { client, id } = await finishedRun(`named-${kind}@example.com`, ['Who? [[openai:text=I am ChatGPT.]] [[google:text=A helper.]]']);
    const { body } = await client.post<Revealed>(batchItemVotePath(id, 1), { choice: 'tie' });
    expect(body.vote).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: false } });
  });

  it('answers another visitor 404, a bad page, line or choice 422, and a line past the list 404', async () => {
    const { client, id } = await finishedRun(`owner-${kind}@example.com`, [marked(1)]);
    const stranger = on.server.client({ browser: true });
    await stranger.get(API_ROUTES.session);
    for (const response of [await stranger.get(batchItemsPath(id, 1)), await stranger.post(batchItemVotePath(id, 1), { choice: 'a' })]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found', message: BATCH_MESSAGES.notFound });
    }
    expect((await client.get(batchItemsPath('no-such-run', 1))).status).toBe(404);
    for (const path of [`${batchItemsPath(id, 1).replace('page=1', 'page=0')}`, batchItemsPath(id, 1).replace('page=1', 'page=two'), batchItemsPath(id, 1).replace('page=1', 'page=99999')]) {
      const refused = await client.get<{ code: string; message: string }>(path);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^page /);
    }
    for (const line of ['0', 'x', '1.5', '10001']) {
      const refused = await client.post<{ message: string }>(batchItemVotePath(id, 1).replace('/1/', () => `/${line}/`), { choice: 'a' });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^line /);
    }
    const badChoice = await client.post<{ message: string }>(batchItemVotePath(id, 1), { choice: 'maybe' });
    expect(badChoice.status).toBe(422);
    expect(badChoice.body.message).toMatch(/choice must be one of a, b, tie, both_bad/);
    const past = await client.post<{ message: string }>(batchItemVotePath(id, 2), { choice: 'a' });
    expect(past.status).toBe(404);
    expect(past.body.message).toBe(BATCH_MESSAGES.noSuchLine);
  });

  it('shows a prompt still running as pending and a deleted comparison as deleted, and takes no vote on either', async () => {
    const client = await subscribe(on.server.client({ browser: true }), `pending-${kind}@example.com`);
    const created = await upload(client, { filename: 'slow.txt', content: [marked(1), `Slow [[all:latency=4000]]`].join('\n') });
    await waitForJob(client, created.body.id, (job) => job.done + job.failed >= 1);
    const id = created.body.id;
    const early = (await client.get<TRunItemsPage>(batchItemsPath(id, 1))).body.items;
    expect(early.map((item) => item.state)).toEqual(['blind', 'pending']);
    expect(early[1]).toEqual({ line: 2, prompt: 'Slow [[all:latency=4000]]', state: 'pending' });
    const notYet = await client.post<{ message: string }>(batchItemVotePath(id, 2), { choice: 'a' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(BATCH_MESSAGES.lineNotFinished);
    await client.post(batchCancelPath(id), {});

    const [record] = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body;
    expect((await client.request('DELETE', API_ROUTES.myDataComparison.replace(':logId', () => record!.id))).status).toBe(204);
    expect((await client.get<TRunItemsPage>(batchItemsPath(id, 1))).body.items[0]).toEqual({ line: 1, prompt: marked(1), state: 'deleted' });
    const gone = await client.post<{ message: string }>(batchItemVotePath(id, 1), { choice: 'a' });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(BATCH_MESSAGES.lineDeleted);
  });
});
