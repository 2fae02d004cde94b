// Blind mode for the general pair, over real HTTP against the simulator: any two services planned
// at the same edge as getChatData, the order drawn and hidden, the reveal naming service and model,
// the self-naming flag for every maker, and the per-model scoreboard.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, blindVotePath, logDownloadPath, PAIR_MESSAGES, type TApiError, type TBlindReveal, type TSavedBlindComparison, type TScoreboard } from '@promptpair/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const ROUTER_MODEL = 'meta-llama/llama-3.3-70b-instruct';
let server: TestServer;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  const file = join(mkdtempSync(join(tmpdir(), 'promptpair-blind-pair-')), 'services.json');
  writeFileSync(file, JSON.stringify([{ id: 'router', name: 'Model Router', baseUrl: simulator.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: [ROUTER_MODEL] }]));
  server = await startTestServer(
    { ANTHROPIC_API_KEY: 'sk-ant-operator-0003', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, SERVICES_FILE: file, ROUTER_KEY: 'rk-operator-0004', RATE_LIMITS: 'off', FREE_PROMPTS: '1000', FREE_PROMPTS_PER_IP: '0' },
    { fake: simulator },
  );
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});

const sides = { a: { service: 'claude', model: 'claude-sonnet-4-6' }, b: { service: 'router' } };
/** Each side answers a text that says which one it is. */
const marked = (prompt: string, a = 'from side a', b = 'from side b') => `${prompt} [[anthropic:text=${a}]] [[compat/router:text=${b}]]`;

describe('blind comparisons of a general pair', () => {
  it('answers two unnamed texts in a drawn order, and the vote reveals each side’s service and model', async () => {
    const visitor = server.client();
    const firsts = new Set<string | null>();
    let last: TSavedBlindComparison | undefined;
    for (let i = 0; i < 16; i += 1) {
      const { status, body, text } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked(`Pair ${i}`), sides });
      expect(status).toBe(200);
      // A general pair's blind answer starts a blind conversation: its id and turn say nothing of the pair.
      expect(Object.keys(body).sort()).toEqual(['answerA', 'answerB', 'conversationId', 'logId', 'turn']);
      expect(body).toMatchObject({ conversationId: body.logId, turn: 1 });
      expect(text).not.toMatch(/claude|anthropic|router|llama|sonnet|tokens|elapsed|cost|rawOutput/i);
      firsts.add(body.answerA.message);
      last = body;
    }
    expect(firsts).toEqual(new Set(['from side a', 'from side b']));

    const { status, body: reveal } = await visitor.post<TBlindReveal>(blindVotePath(last!.logId), { choice: 'a' });
    expect(status).toBe(200);
    expect(reveal.sides).toEqual({
      a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-sonnet-4-6' },
      b: { service: 'router', kind: 'openai-compatible', name: 'Model Router', model: ROUTER_MODEL },
    });
    // Each side's result under its side; answerA names the side shown first, never a spec service.
    expect([reveal.a.message, reveal.b.message]).toEqual(['from side a', 'from side b']);
    const shownA = last!.answerA.message === 'from side a' ? 'a' : 'b';
    expect(reveal.vote.answerA).toBe(shownA);
    // A logged one's CSV download names the side shown as A and what it ran on.
    const logged = { a: { ...sides.a, logOutput: true }, b: { ...sides.b, logOutput: true } };
    const { body: kept } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked('Kept'), sides: logged });
    expect((await visitor.post(blindVotePath(kept.logId), { choice: 'a' })).status).toBe(200);
    const keptA = kept.answerA.message === 'from side a' ? 'a' : 'b';
    const ranOn = keptA === 'a' ? 'claude · claude-sonnet-4-6' : `router · ${ROUTER_MODEL}`;
    const csv = parse<Record<string, string>>((await visitor.get(logDownloadPath('csv'))).text, { bom: true, columns: true });
    expect(csv.map((row) => [row.prompt, row.blind_answer_a, row.vote])).toEqual([[marked('Kept'), `side ${keptA} (${ranOn})`, 'a']]);
  });

  it('flags an answer that names its own maker: Claude by its kind, a compatible service by its name or its model’s maker', async () => {
    const visitor = server.client();
    const flags = async (a: string, b: string) => {
      const { body } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked('Who are you?', a, b), sides });
      return (await visitor.post<TBlindReveal>(blindVotePath(body.logId), { choice: 'tie' })).body.vote;
    };
    expect(await flags('I am Claude, made by Anthropic.', 'A helper.')).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: true, b: false } });
    expect(await flags('A helper.', 'I am Llama, trained by Meta.')).toMatchObject({ possiblyUnblinded: true, selfNamed: { a: false, b: true } });
    expect(await flags('A helper.', 'This is Model Router speaking.')).toMatchObject({ selfNamed: { a: false, b: true } });
    expect(await flags('A helper.', 'Another helper.')).toMatchObject({ possiblyUnblinded: false, selfNamed: { a: false, b: false } });
  });

  it('refuses a pair the edge cannot plan with the same 422 as getChatData, and records nothing', async () => {
    const visitor = server.client();
    const { status, body } = await visitor.post<TApiError>(API_ROUTES.blindComparison, { prompt: 'Hi', sides: { a: { service: 'nope' }, b: { service: 'router' } } });
    expect(status).toBe(422);
    expect(body.message).toBe(PAIR_MESSAGES.unknownService('a', 'nope', ['chatgpt', 'palm', 'claude', 'router']));
    expect((await visitor.get<TScoreboard>(API_ROUTES.scoreboard)).body.overall.votes).toBe(0);
  });

  it('counts the pair’s votes per model on the scoreboard', async () => {
    const visitor = server.client();
    for (let i = 0; i < 3; i += 1) {
      const { body } = await visitor.post<TSavedBlindComparison>(API_ROUTES.blindComparison, { prompt: marked(`Score ${i}`), sides });
      const choice = body.answerA.message === 'from side a' ? 'a' : 'b';
      expect((await visitor.post(blindVotePath(body.logId), { choice })).status).toBe(200);
    }
    const { body: board } = await visitor.get<TScoreboard>(API_ROUTES.scoreboard);
    expect(board.overall.models.map((m) => [m.serviceId, m.label, m.wins, m.losses, m.rating])).toEqual([
      ['claude', expect.stringMatching(/^Claude · claude-sonnet-4-6/), 3, 0, null],
      ['router', `Model Router · ${ROUTER_MODEL}`, 0, 3, null],
    ]);
    // The per-service table names ChatGPT and Palm API: Claude's wins are not counted there.
    expect(board.overall.votes).toBe(3);
    expect(board.overall.byService.chatgpt).toEqual({ wins: 0, losses: 0, ties: 0, bothBad: 0 });
    expect(board.overall.byModelPair).toEqual([]);
  });
});
