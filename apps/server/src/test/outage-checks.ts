import { PassThrough } from 'node:stream';
import {
  API_ROUTES, MESSAGES, PROBE_ROUTES, STORAGE_RETRY_AFTER_SECONDS, STREAM_CONTENT_TYPE, type TComparisonResponse, type TStreamEnd,
} from '@promptpair/contract';
import { expect } from 'vitest';
import { readEvents, type ReceivedEvent } from './event-stream-reader.ts';
import type { TestClient, TestResponse } from './test-client.ts';

// What every storage fault is held to (db/*-outages.test.ts): an answer within the timeouts, a 503
// storage_unavailable or the answers marked unsaved, never a 500; /readyz follows; the log says it
// once. Bounds are generous for a loaded 2-core machine, and far below the 60 s hangs they replace.

/** Any request, whatever the fault: under this, where a hang used to take a minute and more. */
export const ANSWER_BOUND_MS = 15_000;

/** A comparison paid with the visitor's own keys: no free prompt to claim, so the upstreams are called whatever the database does. */
export const OWN_KEYS = { chatGPT: { apiKey: 'sk-visitor-outage-0001', logOutput: true }, bardAPI: { apiKey: 'AIza-visitor-outage-0002', logOutput: true } };

export const CONTACT = { email: 'outage@example.com', message: 'Hello there, is anyone home?' };

export function expectStorageUnavailable(answer: TestResponse): void {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ message: MESSAGES.storageUnavailable, code: 'storage_unavailable' });
  expect(answer.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
}

/** Both answers there, and said to be unsaved: no log id. */
export function expectAnsweredUnsaved(answer: TestResponse<TComparisonResponse>): void {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ logId: null, unsaved: true });
  expect(answer.body.chatGPT.message).toEqual(expect.any(String));
  expect(answer.body.palmAPI.message).toEqual(expect.any(String));
}

export async function streamed(client: TestClient, body: unknown): Promise<ReceivedEvent[]> {
  const response = await client.send('POST', API_ROUTES.getChatData, body, { accept: STREAM_CONTENT_TYPE });
  expect(response.status).toBe(200);
  const events: ReceivedEvent[] = [];
  for await (const event of readEvents(response)) events.push(event);
  return events;
}

/** A streamed comparison that answered both sides and ended unsaved. */
export function expectStreamedUnsaved(events: ReceivedEvent[]): void {
  expect(events.map((e) => e.event).filter((name) => name !== 'delta')).toEqual(['start', 'done', 'done', 'end']);
  expect(events.at(-1)?.data).toEqual({ logId: null, unsaved: true } satisfies TStreamEnd);
  for (const done of events.filter((e) => e.event === 'done')) expect((done.data as { result: { message: unknown } }).result.message).toEqual(expect.any(String));
}

/** Runs `request` and fails when it took longer than `boundMs`. */
export async function timed<T>(request: () => Promise<T>, boundMs = ANSWER_BOUND_MS): Promise<T> {
  const started = performance.now();
  const result = await request();
  expect(performance.now() - started).toBeLessThan(boundMs);
  return result;
}

/** Polls until `check` holds, failing with `what` after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const readyStatus = async (client: TestClient) => (await client.get(PROBE_ROUTES.readyz)).status;

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** The server's JSON log lines, as written (test-server.ts `logStream`). */
export function captureLog(): { stream: PassThrough; lines: LogLine[]; named(message: RegExp): LogLine[] } {
  const stream = new PassThrough();
  const lines: LogLine[] = [];
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as LogLine);
  });
  return { stream, lines, named: (message) => lines.filter((line) => message.test(line.msg)) };
}

/** The two lines of one outage (db/storage-health.ts). */
export const OUTAGE_BEGAN = /^the database is unavailable/;
export const OUTAGE_ENDED = /^the database answers again/;
