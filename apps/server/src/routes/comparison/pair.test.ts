// The general pair request through the product, over real HTTP against the simulator: any service
// on either side, each kind's wire format, answers, tokens, costs and failures, the stream's side
// names, the free-prompt model check, and the log's record of each side.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANTHROPIC_LIMITS, API_ROUTES, describeServiceError, logDownloadPath, SPEC_LOG_SIDES, type TLogExportEntry, type TLogRecord, PAIR_MESSAGES, STREAM_CONTENT_TYPE, ZPairResponse, type TApiError, type TPairResponse, type TPairSideInfo, type TServiceResult,
} from '@promptpair/contract';
import type { ScriptTarget } from '@promptpair/fake-upstream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEvents, type ReceivedEvent } from '../../test/event-stream-reader.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const ROUTER_MODEL = 'meta-llama/llama-3.3-70b-instruct';
let server: TestServer;
beforeAll(async () => {
  const fake = (await import('@promptpair/fake-upstream')).startFakeUpstream;
  const simulator = await fake();
  const file = join(mkdtempSync(join(tmpdir(), 'promptpair-pair-')), 'services.json');
  writeFileSync(file, JSON.stringify([
    {
      id: 'router', name: 'Model Router', baseUrl: simulator.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: [ROUTER_MODEL],
      prices: { [ROUTER_MODEL]: { inputPerMTok: 1, outputPerMTok: 2, takenOn: '2026-11-01', source: 'the router’s price page' } },
      settings: ['temperature', 'maxLength'],
    },
    { id: 'local', name: 'Local Models', baseUrl: simulator.compatBaseUrl('local'), models: ['llama3.3:70b'] },
  ]));
  server = await startTestServer(
    { ANTHROPIC_API_KEY: 'sk-ant-operator-0003', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, SERVICES_FILE: file, ROUTER_KEY: 'rk-operator-0004', RATE_LIMITS: 'off', FREE_PROMPTS: '1000', FREE_PROMPTS_PER_IP: '0' },
    { fake: simulator },
  );
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});
beforeEach(() => server.fake.reset());

const compare = (body: unknown) => server.client().post<TPairResponse & TApiError>(API_ROUTES.getChatData, body);
const side = (service: string, extra: Record<string, unknown> = {}) => ({ service, ...extra });
const calls = (service: string) => server.fake.requests.filter((r) => r.service === service && r.method === 'POST');

describe('POST /api/getChatData with sides', () => {
  it('answers Claude against a declared service as sides a and b, with the Anthropic wire format, tokens and costs', async () => {
    const { status, body, text } = await compare({
      prompt: 'Name a colour.',
      sides: {
        a: side('claude', { model: 'claude-sonnet-4-6', settings: { temperature: 0.3, topK: 20, stopSequences: ['END'] }, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }),
        b: side('router', { settings: { temperature: 0.7 } }),
      },
    });
    expect(body.message).toBeUndefined();
    expect(status).toBe(200);
    expect(ZPairResponse.parse(body)).toBeTruthy();
    expect(Object.keys(body)).toEqual(['a', 'b', 'sides', 'logId', 'conversationId', 'turn']);
    expect(body).toMatchObject({ conversationId: body.logId, turn: 1 });
    expect(body.sides).toEqual({
      a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-sonnet-4-6' },
      b: { service: 'router', kind: 'openai-compatible', name: 'Model Router', model: ROUTER_MODEL },
    } satisfies Record<'a' | 'b', TPairSideInfo>);
    for (const result of [body.a, body.b]) {
      expect(result.errorMsg).toBeNull();
      expect(result.message).toBeTruthy();
      expect(result.usage?.outputTokens).toBeGreaterThan(0);
      expect(result.cost).toBeGreaterThan(0);
    }
    const claude = calls('anthropic')[0]!;
    expect(claude.path).toBe('/anthropic/v1/messages');
    expect(claude.headers['anthropic-version']).toBe('2023-06-01');
    expect(claude.headers['x-api-key']).toBe('sk-ant-operator-0003');
    expect(claude.body).toEqual({
      model: 'claude-sonnet-4-6',
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, { role: 'user', content: 'Name a colour.' }],
      max_tokens: ANTHROPIC_LIMITS.maxTokens.default,
      temperature: 0.3,
      top_k: 20,
      stop_sequences: ['END'],
    });
    const router = calls('compat/router')[0]!;
    expect(router.headers.authorization).toBe('Bearer rk-operator-0004');
    expect(router.body).toMatchObject({ model: ROUTER_MODEL, temperature: 0.7, messages: [{ role: 'user', content: 'Name a colour.' }] });
    expect(text).not.toMatch(/sk-ant-operator|rk-operator/);

    const row = await server.composed.db.selectFrom('logs').selectAll().where('id', '=', body.logId!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ side_a_service: 'claude', side_a_kind: 'anthropic', side_a_model: 'claude-sonnet-4-6', side_b_service: 'router', side_b_kind: 'openai-compatible', side_b_model: ROUTER_MODEL });
    expect(JSON.parse(row.side_a_data)).toEqual(body.a);
    expect(JSON.parse(row.side_b_data)).toEqual(body.b);
  });

  it('downloads a pair’s record with the spec’s columns and, beside them, each side’s service and model; a spec record names the spec’s pair', async () => {
    const visitor = server.client();
    await visitor.post(API_ROUTES.getChatData, { prompt: 'General', sides: { a: side('claude', { logOutput: true }), b: side('chatgpt', { model: 'gpt-4o', logOutput: true }) } });
    await visitor.post(API_ROUTES.getChatData, { prompt: 'Spec', chatGPT: { logOutput: true }, bardAPI: { logOutput: true } });
    const json = (await visitor.get<TLogExportEntry[]>(logDownloadPath('json'))).body;
    const general = json.find((entry) => entry.prompt === 'General')!;
    expect(general.sides).toEqual({ a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o' } });
    expect(general.chatGPT?.message).toBeTruthy();
    expect(json.find((entry) => entry.prompt === 'Spec')?.sides).toEqual(SPEC_LOG_SIDES);
    const rows = parse<Record<string, string>>((await visitor.get(logDownloadPath('csv'))).text, { bom: true, columns: true });
    expect(rows.map((row) => [row.prompt, row.side_a_service, row.side_a_model, row.side_b_service, row.side_b_model, row.chatgpt_model === '' ? '' : 'set']).sort()).toEqual([
      ['General', 'claude', 'claude-haiku-5-5', 'chatgpt', 'gpt-4o', 'set'],
      ['Spec', 'chatgpt', '', 'palm', '', 'set'],
    ]);
    const details = (await visitor.get<TLogRecord[]>(API_ROUTES.logDetails)).body;
    expect(details.find((record) => record.prompt_message === 'General')?.sides?.a.service).toBe('claude');
    expect(details.find((record) => record.prompt_message === 'Spec')).not.toHaveProperty('sides');
  });

  it('runs the same model on both sides with different temperatures', async () => {
    const { body } = await compare({ prompt: 'Same model', sides: { a: side('chatgpt', { model: 'gpt-4o-mini', settings: { temperature: 0.2 } }), b: side('chatgpt', { model: 'gpt-4o-mini', settings: { temperature: 1.5 } }) } });
    expect(body.a.errorMsg).toBeNull();
    expect(body.b.errorMsg).toBeNull();
    expect(calls('openai').map((r) => (r.body as { model: string; temperature: number })).sort((x, y) => x.temperature - y.temperature)).toEqual([
      expect.objectContaining({ model: 'gpt-4o-mini', temperature: 0.2 }),
      expect.objectContaining({ model: 'gpt-4o-mini', temperature: 1.5 }),
    ]);
  });

  it('shows the answer of a declared service that reports no usage, with tokens and cost unknown', async () => {
    const { body } = await compare({ prompt: 'No usage', sides: { a: side('local'), b: side('palm') } });
    expect(body.a).toMatchObject({ errorMsg: null, tokens: null, usage: null, cost: null });
    expect(body.a.message).toBeTruthy();
    expect(body.b.errorMsg).toBeNull();
  });

  it('streams events named a and b, the start saying what each side runs on', async () => {
    const response = await server.client().send('POST', API_ROUTES.getChatData, { prompt: 'Stream', sides: { a: side('claude'), b: side('local') } }, { accept: STREAM_CONTENT_TYPE });
    const events: ReceivedEvent[] = [];
    for await (const event of readEvents(response)) events.push(event);
    expect(events[0]).toMatchObject({ event: 'start', data: { sides: { a: { service: 'claude', model: 'claude-haiku-5-5' }, b: { service: 'local', model: 'llama3.3:70b' } } } });
    expect(new Set(events.filter((e) => e.event === 'delta').map((e) => (e.data as { side: string }).side))).toEqual(new Set(['a', 'b']));
    for (const name of ['a', 'b']) {
      const done = events.find((e) => e.event === 'done' && (e.data as { side: string }).side === name)?.data as { result: TServiceResult };
      const deltas = events.filter((e) => e.event === 'delta' && (e.data as { side: string }).side === name).map((e) => (e.data as { text: string }).text);
      expect(done.result.message).toBe(deltas.join(''));
    }
    expect(events.at(-1)?.event).toBe('end');
  });

  it('refuses a free prompt on a model the service does not offer, before any call; the visitor’s own key may use it', async () => {
    const { status, body } = await compare({ prompt: 'Off the list', sides: { a: side('chatgpt', { model: 'gpt-9-imaginary' }), b: side('palm') } });
    expect(status).toBe(422);
    expect(body.message).toBe(PAIR_MESSAGES.modelNotOffered('a', 'ChatGPT', 'gpt-9-imaginary'));
    expect(server.fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    const own = await compare({ prompt: 'Own key', sides: { a: side('router', { model: 'qwen/qwen3-32b', apiKey: 'rk-visitor-0005' }), b: side('palm') } });
    expect(own.status).toBe(200);
    expect(calls('compat/router')[0]?.body).toMatchObject({ model: 'qwen/qwen3-32b' });
  });

  it.each([
    [{ a: side('nope'), b: side('palm') }, PAIR_MESSAGES.unknownService('a', 'nope', ['chatgpt', 'palm', 'claude', 'router', 'local'])],
    [{ a: side('chatgpt'), b: side('router', { settings: { top_p: 0.5 } }) }, PAIR_MESSAGES.unknownSetting('b', 'Model Router', 'top_p', ['temperature', 'maxLength'])],
    [{ a: side('claude', { settings: { temperature: 1.5 } }), b: side('palm') }, PAIR_MESSAGES.badSetting('a', 'Claude', 'Temperature must be between 0 and 1.')],
    [{ a: side('chatgpt'), b: side('claude', { messages: [{ role: 'tool', content: 'x' }] }) }, 'The role must be one of system, user, assistant.'],
    [{ a: side('chatgpt') }, 'Side b must be an object naming its service.'],
  ])('refuses %j with a message naming the side', async (sides, message) => {
    const { status, body } = await compare({ prompt: 'Bad', sides });
    expect(status).toBe(422);
    expect(body.message).toBe(message);
    expect(server.fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  const failures: { name: string; target: ScriptTarget; service: string; scenario: object; code: Parameters<typeof describeServiceError>[1]; status?: number; apiKey?: string }[] = [
    { name: '401', target: 'anthropic', service: 'claude', scenario: {}, apiKey: 'bad-key-0000', code: 'upstream_auth' },
    { name: '429 with retry-after', target: 'anthropic', service: 'claude', scenario: { status: 429, retryAfterSeconds: 30 }, code: 'upstream_rate_limited' },
    { name: '529 overloaded', target: 'anthropic', service: 'claude', scenario: { status: 529 }, code: 'upstream_error' },
    { name: '500', target: 'compat/router', service: 'router', scenario: { status: 500 }, code: 'upstream_error' },
    { name: 'a malformed body', target: 'compat/router', service: 'router', scenario: { malformed: true }, code: 'upstream_bad_response' },
    { name: '429 with retry-after', target: 'compat/router', service: 'router', scenario: { status: 429, retryAfterSeconds: 30 }, code: 'upstream_rate_limited' },
  ];
  it.each(failures)('$service failing with $name names the service and keeps the other side', async ({ target, service, scenario, code, apiKey }) => {
    server.fake.script(target, scenario, Infinity);
    const names: Record<string, string> = { claude: 'Claude', router: 'Model Router' };
    const model = service === 'claude' ? 'claude-haiku-5-5' : ROUTER_MODEL;
    const { body } = await compare({ prompt: 'One fails', sides: { a: side(service, apiKey ? { apiKey } : {}), b: side('palm') } });
    expect(body.a.message).toBeNull();
    const retryAfterSeconds = code === 'upstream_rate_limited' ? 30 : undefined;
    expect(body.a.errorMsg).toBe(describeServiceError(names[service]!, code, { model, retryAfterSeconds }));
    expect(body.b.errorMsg).toBeNull();
    expect(body.b.message).toBeTruthy();
  });

  it('a stream cut part-way keeps what arrived and says the answer broke off', async () => {
    server.fake.script('anthropic', { cutAfter: 8 }, Infinity);
    const response = await server.client().send('POST', API_ROUTES.getChatData, { prompt: 'Cut', sides: { a: side('claude'), b: side('palm') } }, { accept: STREAM_CONTENT_TYPE });
    const events: ReceivedEvent[] = [];
    for await (const event of readEvents(response)) events.push(event);
    const done = events.find((e) => e.event === 'done' && (e.data as { side: string }).side === 'a')?.data as { result: TServiceResult };
    expect(done.result.message).toBeTruthy();
    expect(done.result.errorMsg).toBe(describeServiceError('Claude', 'upstream_interrupted', { model: 'claude-haiku-5-5' }));
    expect(events.at(-1)?.event).toBe('end');
  });
});
