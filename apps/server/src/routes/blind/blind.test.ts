import {
  API_ROUTES,
  blindVotePath,
  logDownloadPath,
  type TSavedBlindComparison,
  type TBlindReveal,
  type TLogExportEntry,
  type TLogRecord,
  type TScoreboard,
  type TSharedChat,
  MIN_VOTES_FOR_RATING,
  sharedChatApiPath,
} from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FREE_PROMPTS: '1000', RATE_LIMITS: 'off' });
});
afterAll(() => server.close());

const logBoth = { chatGPT: { logOutput: true, model: 'gpt-4o-mini' }, bardAPI: { logOutput: true, model: 'gemini-3-flash-preview' } };
/** Each service answers a text that says which one it is, so a test can tell them apart. */
const marked = (prompt: string) => `${prompt} [[openai:text=from the first]] [[google:text=from the second]]`;

describe('blind comparisons', () => {
  it('answers two texts and nothing that names a service, model, metric or the order', async () => {
    const visitor = server.client();
    const { status, body, text, headers } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked('Hi'), ...logBoth });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    // It starts a blind conversation: its id and turn say nothing of the pair.
    expect(Object.keys(body).sort()).toEqual(['answerA', 'answerB', 'conversationId', 'logId', 'turn']);
    expect(Object.keys(body.answerA).sort()).toEqual(['failed', 'message']);
    expect([body.answerA.message, body.answerB.message].sort()).toEqual(['from the first', 'from the second']);
    expect(text).not.toMatch(/chatGPT|palmAPI|gpt-|gemini|openai|google|tokens|elapsed|cost|rawOutput/i);
  });

  it('draws the order per comparison: both orders come up', async () => {
    const visitor = server.client();
    const firsts = new Set<string | null>();
    for (let i = 0; i < 16; i += 1) firsts.add((await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked(`n${i}`), ...logBoth })).body.answerA.message);
    expect(firsts).toEqual(new Set(['from the first', 'from the second']));
  });

  it('hides a failure’s text, which would name the service', async () => {
    const visitor = server.client();
    const { body } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: 'Hi [[openai:status=401]]', ...logBoth });
    const failed = [body.answerA, body.answerB].find((answer) => answer.failed);
    expect(failed).toEqual({ message: null, failed: true });
  });

  it('keeps the comparison out of Log Details until the vote, then reveals it with the vote', async () => {
    const visitor = server.client();
    const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked('Which?'), ...logBoth });
    expect((await visitor.get<TLogRecord[]>(API_ROUTES.logDetails)).body).toEqual([]);

    const { status, body: reveal } = await visitor.post<TBlindReveal>(blindVotePath(blind.logId), { choice: 'a' });
    expect(status).toBe(200);
    // Answer A is named by its side: side a ran on ChatGPT (the first), side b on Palm API.
    const a = reveal.vote.answerA;
    expect(reveal[a].message).toBe(blind.answerA.message);
    expect(blind.answerA.message).toBe(a === 'a' ? 'from the first' : 'from the second');
    expect(reveal.a).toMatchObject({ model: expect.stringMatching(/^gpt-4o-mini/), usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) } });
    expect(reveal.vote).toMatchObject({ choice: 'a', possiblyUnblinded: false, selfNamed: { a: false, b: false } });

    const records = (await visitor.get<TLogRecord[]>(API_ROUTES.logDetails)).body;
    expect(records).toHaveLength(1);
    expect(records[0]!.vote).toEqual(reveal.vote);

    const json = (await visitor.get<TLogExportEntry[]>(logDownloadPath('json'))).body;
    expect(json[0]!.vote).toEqual(reveal.vote);
    const csv = parse<Record<string, string>>((await visitor.get(logDownloadPath('csv'))).text, { bom: true, columns: true });
    expect(csv[0]).toMatchObject({ blind_answer_a: a === 'a' ? 'side a (ChatGPT)' : 'side b (Palm API)', vote: 'a', vote_possibly_unblinded: 'no' });
  });

  it('shares a blind comparison only after its vote, and the shared page then carries the vote', async () => {
    const visitor = server.client();
    const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked('Share me'), ...logBoth });
    const early = await visitor.post<{ code: string }>(API_ROUTES.shareLink, { logId: blind.logId });
    expect(early.status).toBe(409);
    const { body: reveal } = await visitor.post<TBlindReveal>(blindVotePath(blind.logId), { choice: 'b' });
    const { body: link } = await visitor.post<{ url: string }>(API_ROUTES.shareLink, { logId: blind.logId });
    const hash = new URL(link.url).pathname.split('/').at(-1)!;
    const { body: shared } = await server.client().get<TSharedChat>(sharedChatApiPath(hash));
    expect(shared.vote).toEqual(reveal.vote);
  });

  it('takes one vote per comparison, from its own visitor, with a known choice', async () => {
    const owner = server.client();
    const { body: blind } = await owner.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: 'Once', ...logBoth });
    const stranger = server.client();
    expect((await stranger.post(blindVotePath(blind.logId), { choice: 'tie' })).status).toBe(404);
    expect((await owner.post(blindVotePath(blind.logId), { choice: 'maybe' })).status).toBe(422);
    expect((await owner.post(blindVotePath(blind.logId), { choice: 'tie' })).status).toBe(200);
    const again = await owner.post<{ code: string; message: string }>(blindVotePath(blind.logId), { choice: 'b' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: 'You have already voted on that comparison.' });

    const { body: plain } = await owner.post<{ logId: string }>(API_ROUTES.getChatData, { prompt: 'Not blind', ...logBoth });
    expect((await owner.post(blindVotePath(plain.logId), { choice: 'a' })).status).toBe(404);
  });

  it('marks a vote possibly unblinded when an answer names its own maker', async () => {
    const visitor = server.client();
    const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: 'Who are you? [[google:text=A helper.]] [[openai:text=I am ChatGPT, made by OpenAI.]]', ...logBoth });
    const { body: reveal } = await visitor.post<TBlindReveal>(blindVotePath(blind.logId), { choice: 'both_bad' });
    expect(reveal.vote).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: false } });
  });

  it('sums the visitor’s votes per service and model pair', async () => {
    const visitor = server.client();
    const results: TBlindReveal[] = [];
    for (const choice of ['a', 'b', 'tie'] as const) {
      const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: `Score ${choice}`, ...logBoth });
      results.push((await visitor.post<TBlindReveal>(blindVotePath(blind.logId), { choice })).body);
    }
    const { body: board } = await visitor.get<TScoreboard>(API_ROUTES.scoreboard);
    const chatWins = results.filter((r) => (r.vote.choice === 'a') === (r.vote.answerA === 'a') && r.vote.choice !== 'tie').length;
    expect(board.overall.votes).toBe(3);
    expect(board.overall.byService.chatgpt).toEqual({ wins: chatWins, losses: 2 - chatWins, ties: 1, bothBad: 0 });
    expect(board.overall.byService.palm).toEqual({ wins: 2 - chatWins, losses: chatWins, ties: 1, bothBad: 0 });
    expect(board.overall.byModelPair).toHaveLength(1);
    expect(board.overall.byModelPair[0]).toMatchObject({ models: { a: expect.stringMatching(/^gpt-4o-mini/), b: expect.stringMatching(/^gemini-3-flash-preview/) } });
    expect((await server.client().get<TScoreboard>(API_ROUTES.scoreboard)).body.overall.votes).toBe(0);
  });

  it('counts per model across pairs and rates a model from MIN_VOTES_FOR_RATING votes', async () => {
    const visitor = server.client();
    /** Votes for the answer that came from the named side, whichever letter it was shown under. */
    const voteFor = async (chatGPTModel: string, winner: 'first' | 'second' | 'tie', n: number) => {
      const body = { ...logBoth, chatGPT: { logOutput: true, model: chatGPTModel } };
      const { body: blind } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked(`Rate ${chatGPTModel} ${winner} ${n}`), ...body });
      const choice = winner === 'tie' ? 'tie' : blind.answerA.message === `from the ${winner}` ? 'a' : 'b';
      expect((await visitor.post(blindVotePath(blind.logId), { choice })).status).toBe(200);
    };
    for (let i = 0; i < 4; i += 1) await voteFor('gpt-4o-mini', 'first', i);
    await voteFor('gpt-4o-mini', 'second', 4);
    await voteFor('gpt-4o', 'tie', 5);

    const { status, body: board } = await visitor.get<TScoreboard>(API_ROUTES.scoreboard);
    expect(status).toBe(200);
    expect(MIN_VOTES_FOR_RATING).toBe(5);
    const rows = board.overall.models.map((m) => ({ label: m.label, tally: [m.votes, m.wins, m.losses, m.ties, m.bothBad], rating: m.rating }));
    expect(rows).toHaveLength(3);
    // Bradley–Terry with one virtual tie per pair: mini is 4.5 : 1.5 over gemini and gpt-4o level
    // with it, so on the 400-point scale mini is centre + 400·log10(3)·2/3 and gemini centre − half that.
    expect(rows[0]).toMatchObject({ label: expect.stringMatching(/^ChatGPT · gpt-4o-mini/), tally: [5, 4, 1, 0, 0], rating: 1127 });
    expect(rows[1]).toMatchObject({ label: expect.stringMatching(/^Palm API · gemini-3-flash-preview/), tally: [6, 1, 4, 1, 0], rating: 936 });
    expect(rows[2]).toMatchObject({ label: expect.stringMatching(/^ChatGPT · gpt-4o(?!-mini)/), tally: [1, 0, 0, 1, 0], rating: null });
    expect(board.overall.models[0]).toMatchObject({ serviceId: 'chatgpt', serviceName: 'ChatGPT' });
  });
});
