import {
  API_ROUTES, describeUpstreamError, MESSAGES, STREAM_CONTENT_TYPE, type ServiceKey, type TSavedComparisonResponse, type TServiceResult, type TSession,
} from '@promptpair/contract';
import type { StreamOutcome } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEvents, type ReceivedEvent } from '../../test/event-stream-reader.ts';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// The streamed form of POST /api/getChatData over real HTTP against the fake upstream: event order
// and format, a side failing mid-stream, the free cap and the log record, each as the JSON form has
// them. Interleaving and Stop, which run against a paced simulator, are in stream.timing.test.ts.

const STREAM = { accept: STREAM_CONTENT_TYPE };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', FREE_PROMPTS_PER_IP: '0' });
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

let nextIp = 1;
const visitor = () => server.client({ ip: `10.1.0.${nextIp++}` });

async function streamed(client: TestClient, body: unknown): Promise<{ response: Response; events: ReceivedEvent[] }> {
  const response = await client.send('POST', API_ROUTES.getChatData, body, STREAM);
  const events: ReceivedEvent[] = [];
  for await (const event of readEvents(response)) events.push(event);
  return { response, events };
}

const deltasOf = (events: ReceivedEvent[], side: ServiceKey) =>
  events.filter((e) => e.event === 'delta' && (e.data as { side: string }).side === side).map((e) => (e.data as { text: string }).text);
const doneOf = (events: ReceivedEvent[], side: ServiceKey) =>
  (events.find((e) => e.event === 'done' && (e.data as { side: string }).side === side)?.data as { result: TServiceResult } | undefined)?.result;

async function storedLog(id: string) {
  const row = await server.composed.db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, chatGPT: JSON.parse(row.side_a_data) as TServiceResult, palm: JSON.parse(row.side_b_data) as TServiceResult };
}

describe('a streamed comparison', () => {
  it('sends start, then deltas, a done per side and end, as server-sent events whose text adds up to each answer', async () => {
    const { response, events } = await streamed(visitor(), { prompt: 'stream order' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${STREAM_CONTENT_TYPE}; charset=utf-8`);
    expect(response.headers.get('cache-control')).toContain('no-store');

    const names = events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
    expect(names.filter((n) => n === 'done')).toHaveLength(2);
    expect(names.filter((n) => !['start', 'delta', 'done', 'end'].includes(n))).toEqual([]);
    const { logId } = events[0]?.data as { logId: string };
    expect(events.at(-1)?.data).toEqual({ logId });

    for (const side of ['chatGPT', 'palmAPI'] as const) {
      const doneAt = names.findIndex((n, i) => n === 'done' && (events[i]?.data as { side: string }).side === side);
      const lastDelta = names.findLastIndex((n, i) => n === 'delta' && (events[i]?.data as { side: string }).side === side);
      expect(lastDelta).toBeLessThan(doneAt); // nothing of a side follows its done
      const result = doneOf(events, side);
      expect(deltasOf(events, side).length).toBeGreaterThan(1);
      expect(deltasOf(events, side).join('')).toBe(result?.message);
      expect(result).toMatchObject({ errorMsg: null, tokens: expect.any(Number), elapsedTime: expect.any(Number), timeToFirstToken: expect.any(Number) });
      expect(result?.timeToFirstToken).toBeLessThanOrEqual(result?.elapsedTime ?? 0);
    }
    // rawOutput is the service's own whole-answer object, assembled from the pieces.
    expect(doneOf(events, 'chatGPT')?.rawOutput).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: doneOf(events, 'chatGPT')?.message } }] });
    expect(doneOf(events, 'palmAPI')?.rawOutput).toMatchObject({ candidates: [{ content: { parts: [{ text: doneOf(events, 'palmAPI')?.message }] }, finishReason: 'STOP' }] });
  });

  it('sends legacy PaLM, which cannot stream, as one piece', async () => {
    const { events } = await streamed(visitor(), { prompt: 'palm', bardAPI: { model: 'chat-bison-001' } });
    const pieces = deltasOf(events, 'palmAPI');
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toBe(doneOf(events, 'palmAPI')?.message);
  });

  for (const failing of [{ side: 'chatGPT', target: 'openai' }, { side: 'palmAPI', target: 'gemini' }] as const) {
    it(`keeps what ${failing.side} wrote when its upstream breaks off mid-stream, and the other side finishes`, async () => {
      server.fake.script(failing.target, { cutAfter: 4 });
      const { events } = await streamed(visitor(), { prompt: 'cut mid-stream' });
      const broken = doneOf(events, failing.side);
      const partial = deltasOf(events, failing.side).join('');
      expect(partial.length).toBeGreaterThan(0);
      expect(broken).toMatchObject({ message: partial, tokens: null, errorMsg: describeUpstreamError(failing.side, 'upstream_interrupted') });
      const other = failing.side === 'chatGPT' ? 'palmAPI' : 'chatGPT';
      expect(doneOf(events, other)).toMatchObject({ errorMsg: null, message: expect.stringContaining('Simulated') });
      expect(events.at(-1)?.event).toBe('end');
      expect(server.fake.streams().find((s: StreamOutcome) => s.service === failing.target)?.ending).toBe('cut');
    });
  }

  it('answers refusals before the stream as the JSON form does: 422 for an empty prompt, 429 at the free cap', async () => {
    const client = visitor();
    const empty = await client.send('POST', API_ROUTES.getChatData, { prompt: ' ' }, STREAM);
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ message: MESSAGES.emptyPrompt, code: 'validation_failed' });

    for (let i = 0; i < 5; i++) expect((await streamed(client, { prompt: `free ${i}` })).response.status).toBe(200);
    const sixth = await client.send('POST', API_ROUTES.getChatData, { prompt: 'sixth' }, STREAM);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('content-type')).toContain('application/json');
    expect(await sixth.json()).toEqual({ message: MESSAGES.freeCapReached, code: 'free_cap_reached' });
  });

  it('gives the free prompt back when no operator-paid side answered, as the JSON form does', async () => {
    const client = visitor();
    server.fake.script('openai', { status: 500 }, Infinity);
    server.fake.script('google', { status: 500 }, Infinity);
    const { events } = await streamed(client, { prompt: 'both fail' });
    expect(doneOf(events, 'chatGPT')?.errorMsg).toBe(describeUpstreamError('chatGPT', 'upstream_error'));
    expect((await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(5);
  });

  it('stores the same log record as the JSON form, plus the time to first token', async () => {
    const client = visitor();
    const body = { prompt: 'same record', chatGPT: { logOutput: true }, bardAPI: { logOutput: true } };
    const json = await client.post<TSavedComparisonResponse>(API_ROUTES.getChatData, body);
    const { events } = await streamed(client, body);
    const fromJson = await storedLog(json.body.logId);
    const fromStream = await storedLog((events[0]?.data as { logId: string }).logId);
    expect(fromStream.prompt_message).toBe(fromJson.prompt_message);
    expect([fromStream.side_a_log_output, fromStream.side_b_log_output]).toEqual([fromJson.side_a_log_output, fromJson.side_b_log_output]);
    expect(fromStream.visitor_id).toBe(fromJson.visitor_id);
    for (const side of ['chatGPT', 'palm'] as const) {
      const { elapsedTime: _a, timeToFirstToken, rawOutput: streamedRaw, ...streamedRest } = fromStream[side];
      const { elapsedTime: _b, rawOutput: jsonRaw, ...jsonRest } = fromJson[side];
      expect(streamedRest).toEqual(jsonRest);
      expect(timeToFirstToken).toEqual(expect.any(Number));
      expect(Object.keys(streamedRaw as object).sort()).toEqual(expect.arrayContaining(side === 'chatGPT' ? ['choices', 'model', 'usage'] : ['candidates', 'usageMetadata']));
      expect(jsonRaw).toBeTruthy();
    }
  });
});
