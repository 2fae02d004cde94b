import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { anthropicAuth, messagesBody, postJson, send, sseEvents } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';

let fake: FakeUpstream;
let messagesUrl: string;
beforeAll(async () => {
  fake = await startFakeUpstream();
  messagesUrl = `${fake.anthropicBaseUrl}/v1/messages`;
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const messages = (body: unknown, headers: Record<string, string> = anthropicAuth) => postJson(messagesUrl, body, headers);
const models = (query = '', headers: Record<string, string> = anthropicAuth) => send(`${fake.anthropicBaseUrl}/v1/models${query}`, { headers });

describe('POST /v1/messages (JSON)', () => {
  it('answers a message with the system prompt apart, usage and a request id', async () => {
    const body = messagesBody('What is the capital of France?', { system: 'Answer in one word.' });
    const reply = await messages(body);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('request-id')).toMatch(/^req_/);
    expect(reply.headers.get('anthropic-ratelimit-requests-remaining')).toBe('49');
    expect(reply.json).toMatchObject({ id: expect.stringMatching(/^msg_/), type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', stop_reason: 'end_turn', stop_sequence: null });
    const text: string = reply.json.content[0].text;
    expect(reply.json.content).toEqual([{ type: 'text', text }]);
    expect(text.split('\n')[0]).toBe('Simulated Claude answer (claude-sonnet-4-6).');
    expect(text).toContain('System instruction noted: "Answer in one word."');
    expect(reply.json.usage).toEqual({
      input_tokens: Math.ceil('Answer in one word.\nWhat is the capital of France?'.length / 4),
      cache_creation_input_tokens: 0, cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: Math.ceil(text.length / 4),
      service_tier: 'standard',
    });
    expect(fake.requests[0]).toMatchObject({ service: 'anthropic', method: 'POST', path: '/anthropic/v1/messages', body });
  });

  it('names the dated snapshot an alias reaches, and honours stop sequences and max_tokens', async () => {
    const stopped = await messages(messagesBody('Hi', { model: 'claude-haiku-4-5', stop_sequences: ['answer', 'Simulated'] }));
    expect(stopped.json).toMatchObject({ model: 'claude-haiku-4-5-20251001', stop_reason: 'stop_sequence', stop_sequence: 'Simulated', content: [] });
    const cut = await messages(messagesBody('Hi', { max_tokens: 3 }));
    expect(cut.json).toMatchObject({ stop_reason: 'max_tokens', stop_sequence: null, usage: { output_tokens: 3 } });
    expect(cut.json.content[0].text).toHaveLength(12);
  });
});

describe('POST /v1/messages (streamed)', () => {
  it('sends named events in the real order, each repeating its name as type', async () => {
    const reply = await messages(messagesBody('Tell me a story', { stream: true }));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/event-stream');
    const events = sseEvents(reply.text);
    for (const { event, data } of events) expect(data.type).toBe(event);
    const names = events.map((e) => e.event);
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(names.slice(-4)).toEqual(['content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    const start = events[0]!.data.message;
    expect(start).toMatchObject({ content: [], stop_reason: null, usage: { input_tokens: Math.ceil('Tell me a story'.length / 4), output_tokens: 1 } });
    const text = events.filter((e) => e.event === 'content_block_delta').map((e) => (e.data.delta.type === 'text_delta' ? String(e.data.delta.text) : '')).join('');
    expect(text.split('\n')[0]).toBe('Simulated Claude answer (claude-sonnet-4-6).');
    expect(events.at(-2)!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: start.usage.input_tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: Math.ceil(text.length / 4) },
    });
  });

  it('sends an overloaded_error event after a 200 when scripted, and a cut stream resets the connection', async () => {
    fake.script('anthropic', { errorEventAfter: 4 });
    const events = sseEvents((await messages(messagesBody('Hi', { stream: true }))).text);
    expect(events.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta', 'error']);
    expect(events.at(-1)!.data).toMatchObject({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    fake.script('anthropic', { cutAfter: 3 });
    await expect(messages(messagesBody('Hi', { stream: true }))).rejects.toThrow();
    expect(fake.streams().at(-1)).toMatchObject({ service: 'anthropic', ending: 'cut' });
  });

  it('malformed streams a message_start whose JSON is cut short', async () => {
    fake.script('anthropic', { malformed: true });
    const reply = await messages(messagesBody('Hi', { stream: true }));
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^event: message_start\ndata: \{/);
    expect(sseEvents(reply.text)[0]!.data).toBeUndefined();
  });
});

describe('key and version', () => {
  it('answers 401 authentication_error without a key or with a rejected one, in the error envelope', async () => {
    const missing = await messages(messagesBody('Hi'), { 'anthropic-version': '2023-06-01' });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' }, request_id: expect.stringMatching(/^req_/) });
    expect(missing.headers.get('request-id')).toBe(missing.json.request_id);
    const bad = await messages(messagesBody('Hi'), { ...anthropicAuth, 'x-api-key': 'bad-key-123' });
    expect(bad.json.error).toEqual({ type: 'authentication_error', message: 'invalid x-api-key' });
    expect(bad.text).not.toContain('bad-key-123');
  });

  it('takes a key as Authorization: Bearer (SDK 1.x), and x-api-key wins when both are sent', async () => {
    expect((await messages(messagesBody('Hi'), { authorization: 'Bearer sk-ant-good', 'anthropic-version': '2026-10-21' })).status).toBe(200);
    expect((await messages(messagesBody('Hi'), { ...anthropicAuth, authorization: 'Bearer bad-one' })).status).toBe(200);
    expect((await messages(messagesBody('Hi'), { ...anthropicAuth, 'x-api-key': 'bad-one', authorization: 'Bearer sk-good' })).status).toBe(401);
  });

  it('requires anthropic-version and knows 2023-06-01 and 2026-10-21 only', async () => {
    const missing = await messages(messagesBody('Hi'), { 'x-api-key': 'sk-ant-test' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toEqual({ type: 'invalid_request_error', message: 'anthropic-version: header is required' });
    expect((await messages(messagesBody('Hi'), { ...anthropicAuth, 'anthropic-version': '2024-01-01' })).json.error.message).toBe('anthropic-version: "2024-01-01" is not a supported version');
    expect((await models('', { 'x-api-key': 'sk-ant-test' })).status).toBe(400);
  });
});

describe('request validation', () => {
  it.each([
    [{ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens: Field required'],
    [messagesBody('Hi', { n: 2 }), 'n: Extra inputs are not permitted'],
    [messagesBody('Hi', { temperature: 1.5 }), 'temperature: Input should be less than or equal to 1'],
    [messagesBody('Hi', { top_k: 2.5 }), 'top_k: Input should be a valid integer'],
    [messagesBody('Hi', { max_tokens: 200_000 }), 'max_tokens: 200000 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-4-6'],
    [{ ...messagesBody('Hi'), messages: [] }, 'messages: List should have at least 1 item after validation, not 0'],
    [{ ...messagesBody('Hi'), messages: [{ role: 'tool', content: 'x' }] }, "messages.0.role: Input should be 'user', 'assistant' or 'system'"],
    [{ ...messagesBody('Hi'), messages: [{ role: 'user', content: '' }] }, 'messages.0.content: text content blocks must be non-empty'],
    [messagesBody('Hi', { stop_sequences: 'END' }), 'stop_sequences: Input should be a valid list'],
    [messagesBody('Hi', { model: 'claude-opus-4-7', temperature: 0.2 }), '`temperature` is deprecated for this model.'],
    [messagesBody('Hi', { model: 'claude-haiku-4-5', temperature: 0.2, top_p: 0.9 }), '`temperature` and `top_p` cannot both be specified for this model. Please use only one.'],
  ])('%j → 400 "%s"', async (body, message) => {
    const reply = await messages(body);
    expect(reply.status).toBe(400);
    expect(reply.json.error).toEqual({ type: 'invalid_request_error', message });
  });

  it('accepts sampling values on 2023-06-01 models that take them, and refuses the fields on 2026-10-21', async () => {
    expect((await messages(messagesBody('Hi', { temperature: 0.2, top_p: 0.9, top_k: 40 }))).status).toBe(200);
    expect((await messages(messagesBody('Hi', { model: 'claude-opus-4-7', temperature: 1 }))).status).toBe(200);
    const current = await messages(messagesBody('Hi', { temperature: 1 }), { ...anthropicAuth, 'anthropic-version': '2026-10-21' });
    expect(current.json.error.message).toBe('temperature: Extra inputs are not permitted');
  });

  it('answers an unknown model 404 not_found_error, and a body that is not JSON 400', async () => {
    const unknown = await messages(messagesBody('Hi', { model: 'claude-9' }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ type: 'not_found_error', message: 'model: claude-9' });
    expect((await messages('{"model":', anthropicAuth)).json.error.type).toBe('invalid_request_error');
    expect((await send(`${fake.anthropicBaseUrl}/v1/complete`, { method: 'POST', headers: anthropicAuth })).status).toBe(404);
  });
});

describe('GET /v1/models', () => {
  it('pages newest first with has_more, first_id and last_id', async () => {
    const first = await models('?limit=4');
    expect(first.status).toBe(200);
    expect(first.json.data[0]).toEqual({ type: 'model', id: 'claude-fable-5-2', display_name: 'Claude Fable 5.2', created_at: '2026-11-18T00:00:00Z', max_input_tokens: 1_000_000, max_tokens: 128_000 });
    expect(first.json).toMatchObject({ has_more: true, first_id: 'claude-fable-5-2', last_id: first.json.data[3].id });
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 5; page++) {
      const reply = await models(`?limit=4${after ? `&after_id=${after}` : ''}`);
      ids.push(...(reply.json.data as Array<{ id: string }>).map((model) => model.id));
      if (!reply.json.has_more) break;
      after = reply.json.last_id;
    }
    expect(ids).toHaveLength(11);
    expect(ids.at(-1)).toBe('claude-haiku-4-5-20251001');
    expect((await models(`?limit=2&before_id=${ids[4]}`)).json).toMatchObject({ first_id: ids[2], last_id: ids[3], has_more: true });
    expect((await models('?limit=0')).json.error.message).toBe('limit: Input should be greater than or equal to 1');
  });

  it('returns one model by id or alias, or not_found_error', async () => {
    expect((await send(`${fake.anthropicBaseUrl}/v1/models/claude-haiku-4-5`, { headers: anthropicAuth })).json.id).toBe('claude-haiku-4-5-20251001');
    const missing = await send(`${fake.anthropicBaseUrl}/v1/models/claude-2`, { headers: anthropicAuth });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toEqual({ type: 'not_found_error', message: 'model: claude-2' });
  });
});

describe('scenarios', () => {
  it('429 rate_limit_error always says how long to wait; 529 overloaded_error; 500 api_error; quota is a billing_error', async () => {
    fake.script('anthropic', { status: 429 });
    fake.script('anthropic', { status: 429, retryAfterSeconds: 7 });
    fake.script('anthropic', { status: 529 });
    fake.script('anthropic', { status: 500 });
    fake.script('anthropic', { quota: true });
    const plain = await messages(messagesBody('Hi'));
    expect(plain.status).toBe(429);
    expect(plain.json.error.type).toBe('rate_limit_error');
    expect(plain.headers.get('retry-after')).toBe('1');
    expect(plain.headers.get('anthropic-ratelimit-requests-remaining')).toBe('0');
    expect((await messages(messagesBody('Hi'))).headers.get('retry-after')).toBe('7');
    const overloaded = await messages(messagesBody('Hi'));
    expect([overloaded.status, overloaded.json.error]).toEqual([529, { type: 'overloaded_error', message: 'Overloaded' }]);
    expect((await messages(messagesBody('Hi'))).json.error).toEqual({ type: 'api_error', message: 'Internal server error' });
    const quota = await messages(messagesBody('Hi'));
    expect([quota.status, quota.json.error.type]).toEqual([402, 'billing_error']);
  });

  it('a malformed JSON answer is 200 and not JSON; directives and `all` reach Anthropic', async () => {
    fake.script('anthropic', { malformed: true });
    const malformed = await messages(messagesBody('Hi'));
    expect([malformed.status, malformed.json]).toEqual([200, undefined]);
    expect((await messages(messagesBody('Hi [[anthropic:status=529]]'))).status).toBe(529);
    const typed = await messages(messagesBody('Hi [[all:text=Fixed, really]]'));
    expect(typed.json.content[0].text).toBe('Fixed, really');
    fake.script('all', { status: 503 });
    expect((await messages(messagesBody('Hi'))).status).toBe(503);
  });
});
