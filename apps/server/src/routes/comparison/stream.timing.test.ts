import { API_ROUTES, STREAM_CONTENT_TYPE, type ServiceKey, type TServiceResult, type TSession } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEvents, type ReceivedEvent } from '../../test/event-stream-reader.ts';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

// The streamed form of POST /api/getChatData against a paced simulator: both sides interleaved,
// Stop and disconnect. The paces leave a loaded machine room: the pieces come tens of milliseconds
// apart, an answer stopped after two pieces would otherwise run for seconds more, and an upstream
// whose call must be aborted holds its answer for 10 s.

const STREAM = { accept: STREAM_CONTENT_TYPE };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off', FREE_PROMPTS_PER_IP: '0' });
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

let nextIp = 1;
const visitor = () => server.client({ ip: `10.2.0.${nextIp++}` });

async function streamed(client: TestClient, body: unknown): Promise<ReceivedEvent[]> {
  const response = await client.send('POST', API_ROUTES.getChatData, body, STREAM);
  const events: ReceivedEvent[] = [];
  for await (const event of readEvents(response)) events.push(event);
  return events;
}

const deltasOf = (events: ReceivedEvent[], side: ServiceKey) =>
  events.filter((e) => e.event === 'delta' && (e.data as { side: string }).side === side).map((e) => (e.data as { text: string }).text);

async function storedLog(id: string) {
  const row = await server.composed.db.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...row, chatGPT: JSON.parse(row.side_a_data) as TServiceResult, palm: JSON.parse(row.side_b_data) as TServiceResult };
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a streamed comparison, paced', () => {
  it('interleaves both sides as they write, at the same time', async () => {
    server.fake.script('openai', { tokensPerSecond: 50 });
    server.fake.script('gemini', { tokensPerSecond: 50 });
    const events = await streamed(visitor(), { prompt: 'both at once' });
    const sides = events.filter((e) => e.event === 'delta').map((e) => (e.data as { side: string }).side);
    const switches = sides.filter((side, i) => i > 0 && side !== sides[i - 1]).length;
    expect(switches).toBeGreaterThanOrEqual(4);
  });
});

describe('stopping a streamed comparison', () => {
  it('aborts both upstream calls when the visitor stops (or leaves), keeps what arrived as stopped, and counts the prompt', async () => {
    const client = visitor();
    // A piece every 0.6 s: each answer would run for over 10 s more after the two pieces it is stopped at.
    server.fake.script('openai', { tokensPerSecond: 5 });
    server.fake.script('gemini', { tokensPerSecond: 5 });
    const stop = new AbortController();
    const response = await client.send('POST', API_ROUTES.getChatData, { prompt: 'stop me' }, STREAM, stop.signal);
    const seen: ReceivedEvent[] = [];
    try {
      for await (const event of readEvents(response)) {
        seen.push(event);
        if (deltasOf(seen, 'chatGPT').length >= 2 && deltasOf(seen, 'palmAPI').length >= 2) stop.abort();
      }
    } catch (error) {
      expect((error as Error).name).toBe('AbortError');
    }
    const streams = await until(() => server.fake.streams(), (list) => list.length === 2 && list.every((s) => s.ending !== 'in-progress'));
    expect(streams.map((s) => s.ending)).toEqual(['client-closed', 'client-closed']);

    const logId = (seen[0]?.data as { logId: string }).logId;
    const log = await until(() => server.composed.db.selectFrom('logs').select('id').where('id', '=', logId).executeTakeFirst(), Boolean);
    expect(log).toBeDefined();
    const stored = await storedLog(logId);
    for (const [side, key] of [['chatGPT', 'chatGPT'], ['palm', 'palmAPI']] as const) {
      expect(stored[side]).toMatchObject({ stopped: true, errorMsg: null, tokens: null });
      // The log keeps at least what the visitor saw (text in flight when they stopped may follow it).
      expect(stored[side].message?.startsWith(deltasOf(seen, key).join(''))).toBe(true);
    }
    expect((await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(4);
  });

  it('gives the free prompt back when the visitor stops before any text arrived', async () => {
    const client = visitor();
    server.fake.script('openai', { latencyMs: 10_000 });
    server.fake.script('google', { latencyMs: 10_000 });
    const stop = new AbortController();
    const response = await client.send('POST', API_ROUTES.getChatData, { prompt: 'stop early' }, STREAM, stop.signal);
    let logId = '';
    let stoppedAt = 0;
    try {
      for await (const event of readEvents(response)) {
        logId = (event.data as { logId: string }).logId;
        stoppedAt = performance.now();
        stop.abort();
      }
    } catch {
      // aborted
    }
    const log = await until(() => server.composed.db.selectFrom('logs').select('id').where('id', '=', logId).executeTakeFirst(), Boolean);
    expect(log).toBeDefined();
    // Logged long before the upstream would have answered: the calls were aborted, not waited out.
    expect(performance.now() - stoppedAt).toBeLessThan(5_000);
    const stored = await storedLog(logId);
    expect(stored.chatGPT).toMatchObject({ stopped: true, message: null, errorMsg: null, timeToFirstToken: null });
    expect((await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(5);
  });
});
