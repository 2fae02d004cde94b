// Blind conversations over real HTTP against the simulator: three turns on one hidden pair in one
// order (checked against what each service was sent), nothing of the pairing in any answer before
// the vote, a vote on any turn revealing every turn and counting once, the self-naming flag over
// every turn, the end without a vote, and the refusals.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_ROUTES,
  BLIND_CONVERSATION_MESSAGES,
  blindEndPath,
  blindVotePath,
  myDataComparisonPath,
  ZBlindComparisonResponse,
  ZBlindConversationReveal,
  ZBlindReveal,
  type TApiError,
  type TBlindConversationReveal,
  type TBlindReveal,
  type TLogRecord,
  type TSavedBlindComparison,
  type TScoreboard,
} from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const ROUTER_MODEL = 'meta-llama/llama-3.3-70b-instruct';
let server: TestServer;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  const file = join(mkdtempSync(join(tmpdir(), 'promptpair-blind-conversation-')), 'services.json');
  writeFileSync(file, JSON.stringify([{ id: 'router', name: 'Model Router', baseUrl: simulator.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: [ROUTER_MODEL] }]));
  server = await startTestServer(
    {
      ANTHROPIC_API_KEY: 'sk-ant-operator-0003', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, SERVICES_FILE: file, ROUTER_KEY: 'rk-operator-0004',
      RATE_LIMITS: 'off', FREE_PROMPTS: '1000', FREE_PROMPTS_PER_IP: '0', CONVERSATION_MAX_CHARS: '3000',
    },
    { fake: simulator },
  );
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});
beforeEach(() => server.fake.reset());

const sides = { a: { service: 'claude', model: 'claude-sonnet-4-6', logOutput: true }, b: { service: 'router', logOutput: true } };
/** Each side answers a text that says which side and turn it is, unless told otherwise. */
const marked = (prompt: string, a: string, b: string) => `${prompt} [[anthropic:text=${a}]] [[compat/router:text=${b}]]`;
/** Anything that would tell the pair or its order apart before the vote. */
const PAIRING = /claude|anthropic|router|llama|sonnet|meta|chatgpt|palm|openai|"sides"|service|model|kind|tokens|elapsed|cost|rawOutput|answer_a|"answerA":"|chatGPT/i;

type Blind = TSavedBlindComparison & TApiError;
const start = (client: TestClient, prompt: string) => client.post<Blind>(API_ROUTES.blindComparison, { prompt, sides });
const next = (client: TestClient, conversationId: string, prompt: string, extra: object = {}) => client.post<Blind>(API_ROUTES.blindComparison, { conversationId, prompt, ...extra });
const sentTo = (service: string, text: string) => server.fake.requests.filter((r) => r.service === service && r.method === 'POST' && JSON.stringify(r.body).includes(text));

/** Three turns of one blind conversation; each answer checked for leaks and against the contract. */
async function threeTurns(client: TestClient, say: (turn: number) => { a: string; b: string } = (turn) => ({ a: `side a turn ${turn}`, b: `side b turn ${turn}` })) {
  const turns: TSavedBlindComparison[] = [];
  for (const turn of [1, 2, 3]) {
    const { a, b } = say(turn);
    const prompt = marked(`Question ${turn}?`, a, b);
    const answer = turn === 1 ? await start(client, prompt) : await next(client, turns[0]!.conversationId!, prompt);
    expect(answer.status).toBe(200);
    expect(ZBlindComparisonResponse.parse(answer.body)).toBeTruthy();
    expect(Object.keys(answer.body).sort()).toEqual(['answerA', 'answerB', 'conversationId', 'logId', 'turn']);
    // The scripted texts aside (one names its maker on purpose), the answer says nothing of the pair.
    expect(answer.text.replaceAll(a, '').replaceAll(b, '')).not.toMatch(PAIRING);
    expect(answer.body).toMatchObject({ turn, conversationId: turns[0]?.conversationId ?? answer.body.logId });
    turns.push(answer.body);
  }
  return turns;
}

describe('blind conversations', () => {
  it('keeps one hidden pair in one order for three turns: each service is sent its own history, nothing named before the vote', async () => {
    // Four conversations: an order drawn again each turn would show in one of them.
    for (let round = 0; round < 4; round += 1) {
      server.fake.reset();
      const client = server.client();
      const turns = await threeTurns(client);
      const aFirst = turns[0]!.answerA.message === 'side a turn 1';
      for (const [index, turn] of turns.entries()) {
        const n = index + 1;
        expect([turn.answerA.message, turn.answerB.message]).toEqual(aFirst ? [`side a turn ${n}`, `side b turn ${n}`] : [`side b turn ${n}`, `side a turn ${n}`]);
      }
      // The same two services answered every turn, each with its own answers as its history.
      const claude = sentTo('anthropic', 'Question 3?');
      const router = sentTo('compat/router', 'Question 3?');
      expect(claude).toHaveLength(1);
      expect(router).toHaveLength(1);
      const history = (body: unknown) => (body as { messages: { role: string; content: string }[] }).messages.map((message) => message.content.replace(/\s*\[\[.*$/, ''));
      expect(history(claude[0]!.body)).toEqual(['Question 1?', 'side a turn 1', 'Question 2?', 'side a turn 2', 'Question 3?']);
      expect(history(router[0]!.body)).toEqual(['Question 1?', 'side b turn 1', 'Question 2?', 'side b turn 2', 'Question 3?']);
      expect((claude[0]!.body as { model: string }).model).toBe('claude-sonnet-4-6');
      expect((router[0]!.body as { model: string }).model).toBe(ROUTER_MODEL);
      expect(server.fake.requests.filter((r) => r.method === 'POST').map((r) => r.service).sort()).toEqual(['anthropic', 'anthropic', 'anthropic', 'compat/router', 'compat/router', 'compat/router']);

      // Before the vote: no record in Log Details, no share link, no open follow-up naming the sides.
      expect((await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body).toEqual([]);
      const share = await client.post<TApiError>(API_ROUTES.shareLink, { logId: turns[1]!.logId });
      expect(share.status).toBe(409);
      const open = await client.post<TApiError>(API_ROUTES.getChatData, { conversationId: turns[0]!.conversationId, prompt: 'Who are you?' });
      expect(open.status).toBe(409);
      expect(open.body.message).toBe(BLIND_CONVERSATION_MESSAGES.pending);
      expect(open.text).not.toMatch(PAIRING);
    }
  });

  it('a vote after turn 2 reveals both turns, counts once at turn 2, ends the conversation and refuses a second vote', async () => {
    const client = server.client();
    const first = (await start(client, marked('One?', 'a one', 'b one'))).body;
    const second = (await next(client, first.conversationId!, marked('Two?', 'a two', 'b two'))).body;
    const choice = 'a';

    const voted = await client.post<TBlindReveal>(blindVotePath(second.logId), { choice });
    expect(voted.status).toBe(200);
    const reveal = ZBlindReveal.parse(voted.body);
    expect(reveal.sides).toEqual({
      a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-sonnet-4-6' },
      b: { service: 'router', kind: 'openai-compatible', name: 'Model Router', model: ROUTER_MODEL },
    });
    expect(reveal.vote.answerA).toBe(second.answerA.message === 'a two' ? 'a' : 'b');
    expect(reveal.conversation).toMatchObject({ conversationId: first.conversationId, answerA: reveal.vote.answerA, votedTurn: 2, vote: reveal.vote, sides: reveal.sides });
    expect(reveal.conversation!.turns.map((turn) => [turn.turn, turn.logId, turn.prompt.replace(/\s*\[\[.*$/, ''), turn.a.message, turn.b.message])).toEqual([
      [1, first.logId, 'One?', 'a one', 'b one'],
      [2, second.logId, 'Two?', 'a two', 'b two'],
    ]);

    // Once per conversation: another turn's vote is a 409, and the scoreboard holds one vote.
    const again = await client.post<TApiError>(blindVotePath(first.logId), { choice: 'tie' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BLIND_CONVERSATION_MESSAGES.alreadyVoted);
    const board = (await client.get<TScoreboard>(API_ROUTES.scoreboard)).body;
    expect(board.overall.votes).toBe(1);
    // The choice named Answer A or B; the vote counts for the side that was shown there.
    const claudeWon = (choice === 'a') === (reveal.vote.answerA === 'a');
    expect(board.overall.models.map((m) => [m.serviceId, m.wins, m.losses]).sort()).toEqual([['claude', claudeWon ? 1 : 0, claudeWon ? 0 : 1], ['router', claudeWon ? 0 : 1, claudeWon ? 1 : 0]]);

    // Revealed: no more blind turns, every turn in Log Details (the vote on turn 2 only), sharable.
    const third = await next(client, first.conversationId!, 'Three?');
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(BLIND_CONVERSATION_MESSAGES.ended);
    const records = (await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body;
    expect(records.map((record) => [record.conversation?.turn, record.vote?.choice ?? null])).toEqual([[2, choice], [1, null]]);
    expect((await client.post(API_ROUTES.shareLink, { logId: first.logId })).status).toBe(200);
    // The end of a conversation revealed by its vote answers the same reveal.
    const ended = await client.post<TBlindConversationReveal>(blindEndPath(first.conversationId!));
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual(reveal.conversation);
  });

  it('goes on blind from the spec’s body too: ChatGPT and Palm API keep their places, named by the spec’s titles after the vote', async () => {
    const client = server.client();
    const spec = (prompt: string, a: string, b: string) => `${prompt} [[openai:text=${a}]] [[google:text=${b}]]`;
    const first = await client.post<Blind>(API_ROUTES.blindComparison, { prompt: spec('One?', 'gpt one', 'palm one') });
    expect(first.body).toMatchObject({ turn: 1, conversationId: first.body.logId });
    const second = await next(client, first.body.conversationId!, spec('Two?', 'gpt two', 'palm two'));
    expect(second.status).toBe(200);
    expect(second.text.replaceAll(/(gpt|palm) two/g, '')).not.toMatch(PAIRING);
    expect((second.body.answerA.message === 'gpt two') === (first.body.answerA.message === 'gpt one')).toBe(true);
    const openai = sentTo('openai', 'Two?').at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(openai.messages.slice(-3).map((m) => [m.role, m.content.replace(/\s*\[\[.*$/, '')])).toEqual([['user', 'One?'], ['assistant', 'gpt one'], ['user', 'Two?']]);

    const voted = await client.post<TBlindReveal>(blindVotePath(second.body.logId), { choice: 'a' });
    expect(voted.status).toBe(200);
    expect(voted.body.sides).toBeUndefined();
    expect(voted.body.conversation).toMatchObject({ votedTurn: 2, answerA: voted.body.vote.answerA });
    expect(voted.body.conversation!.sides).toBeUndefined();
    expect(voted.body.conversation!.turns.map((turn) => [turn.a.message, turn.b.message])).toEqual([['gpt one', 'palm one'], ['gpt two', 'palm two']]);
    // The spec's pair, so the per-service table counts it, once.
    const board = (await client.get<TScoreboard>(API_ROUTES.scoreboard)).body.overall;
    expect(board.votes).toBe(1);
    expect(board.byService.chatgpt.wins + board.byService.chatgpt.losses).toBe(1);
  });

  it('flags a self-naming answer on a later turn in the vote on the last turn', async () => {
    const client = server.client();
    const turns = await threeTurns(client, (turn) => (turn === 2 ? { a: 'I am Claude, made by Anthropic.', b: 'A helper.' } : { a: `side a turn ${turn}`, b: `side b turn ${turn}` }));
    const voted = await client.post<TBlindReveal>(blindVotePath(turns[2]!.logId), { choice: 'tie' });
    expect(voted.body.vote).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: false } });
    expect(voted.body.conversation).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: false }, votedTurn: 3 });
    expect((await client.get<TScoreboard>(API_ROUTES.scoreboard)).body.overall).toMatchObject({ votes: 1, possiblyUnblinded: 1 });
  });

  it('ends without a vote: reveals every turn, counts nothing, and refuses a vote afterwards', async () => {
    const client = server.client();
    const turns = await threeTurns(client);
    const ended = await client.post<TBlindConversationReveal>(blindEndPath(turns[0]!.conversationId!));
    expect(ended.status).toBe(200);
    const reveal = ZBlindConversationReveal.parse(ended.body);
    expect(reveal).toMatchObject({ conversationId: turns[0]!.conversationId, vote: null, votedTurn: null, possiblyUnblinded: false });
    expect(reveal.answerA).toBe(turns[0]!.answerA.message === 'side a turn 1' ? 'a' : 'b');
    expect(reveal.sides?.a.name).toBe('Claude');
    expect(reveal.turns.map((turn) => [turn.turn, turn.a.message, turn.b.message])).toEqual([1, 2, 3].map((n) => [n, `side a turn ${n}`, `side b turn ${n}`]));

    const vote = await client.post<TApiError>(blindVotePath(turns[1]!.logId), { choice: 'a' });
    expect(vote.status).toBe(409);
    expect(vote.body.message).toBe(BLIND_CONVERSATION_MESSAGES.endedWithoutVote);
    expect((await client.get<TScoreboard>(API_ROUTES.scoreboard)).body.overall.votes).toBe(0);
    expect((await client.get<TLogRecord[]>(API_ROUTES.logDetails)).body.map((record) => record.conversation?.turn)).toEqual([3, 2, 1]);
    // Revealed, it may go on in the open, where the answer names its sides.
    const open = await client.post<{ turn: number; sides: unknown }>(API_ROUTES.getChatData, { conversationId: turns[0]!.conversationId, prompt: 'Open now?' });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ turn: 4, sides: reveal.sides });
  });

  it('counts each turn as one free prompt', async () => {
    const before = server.client();
    const session = async () => (await before.get<{ freePromptsLeft: number }>(API_ROUTES.session)).body.freePromptsLeft;
    const left = await session();
    await threeTurns(before);
    expect(await session()).toBe(left - 3);
  });

  it('refuses in plain words, naming nothing: one-sided turns, a too-long turn, another’s or an open conversation, an unknown end', async () => {
    const client = server.client();
    const first = (await start(client, marked('One?', 'a one', 'b one'))).body;
    for (const choice of [{ only: 'a' }, { carry: 'b' }]) {
      const refused = await next(client, first.conversationId!, 'Two?', choice);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(BLIND_CONVERSATION_MESSAGES.bothSides);
    }
    const regenerate = await client.post<TApiError>(API_ROUTES.blindComparison, { conversationId: first.conversationId, regenerate: 'a' });
    expect(regenerate.status).toBe(422);
    expect(regenerate.body.message).toBe(BLIND_CONVERSATION_MESSAGES.bothSides);

    // Past the length limit: the first hidden label, never the side or its service.
    const long = await next(client, first.conversationId!, 'x'.repeat(3001));
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(BLIND_CONVERSATION_MESSAGES.tooLong('Answer A', 3000));
    expect(server.fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2);

    const stranger = server.client();
    expect((await next(stranger, first.conversationId!, 'Mine?')).status).toBe(404);
    expect((await stranger.post(blindEndPath(first.conversationId!))).status).toBe(404);
    expect((await stranger.post(blindVotePath(first.logId), { choice: 'a' })).status).toBe(404);

    // With its first turn deleted, a conversation is still blind: its later turns keep the order and the reveal.
    const second = await next(client, first.conversationId!, marked('Two?', 'a two', 'b two'));
    expect(second.status).toBe(200);
    expect((await client.request('DELETE', myDataComparisonPath(first.logId))).status).toBe(204);
    const openAfterDelete = await client.post<TApiError>(API_ROUTES.getChatData, { conversationId: first.conversationId, prompt: 'Who are you?' });
    expect(openAfterDelete.status).toBe(409);
    expect(openAfterDelete.body.message).toBe(BLIND_CONVERSATION_MESSAGES.pending);
    expect(server.fake.requests.filter((r) => r.method === 'POST' && /Who are you/.test(JSON.stringify(r.body)))).toEqual([]);
    expect((await next(client, first.conversationId!, marked('Three?', 'a three', 'b three'))).body).toMatchObject({ turn: 3, answerA: { message: second.body.answerA.message === 'a two' ? 'a three' : 'b three' } });

    const open = await client.post<{ conversationId: string }>(API_ROUTES.getChatData, { prompt: 'Open?', sides });
    const blindTurnOfOpen = await next(client, open.body.conversationId, 'Blind now?');
    expect(blindTurnOfOpen.status).toBe(404);
    expect(blindTurnOfOpen.body.message).toBe(BLIND_CONVERSATION_MESSAGES.notBlind);
    expect((await client.post<TApiError>(blindEndPath(open.body.conversationId))).status).toBe(404);
    const badId = await client.post<TApiError>(blindEndPath('not-an-id'));
    expect(badId.status).toBe(422);
    expect(badId.body.message).toBe('The conversation id must be one this site gave.');
  });
});
