import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { TServiceResult } from '@promptpair/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComparisonService, ComparisonWatcher } from '../../services/comparison.ts';
import { streamComparison } from './event-stream.ts';

// How a streamed comparison's events are written: what one event-loop iteration makes leaves in one
// write, in order, and the end flushes whatever is still waiting. Over HTTP (stream.test.ts) the
// events are the same; the number of writes is what costs a syscall each under load.

const answered = (message: string): TServiceResult => ({ message, tokens: null, rawOutput: null, errorMsg: null, elapsedTime: 0.1 });
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const nextIteration = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A request and reply with just what streamComparison touches; the reply's body stream is kept. */
function fakeExchange() {
  const raw = Object.assign(new EventEmitter(), { writableFinished: false });
  let body: PassThrough | undefined;
  const reply = {
    raw,
    header: () => reply,
    send: (stream: PassThrough) => {
      body = stream;
      stream.resume();
      return reply;
    },
  };
  const request = { raw: { socket: new EventEmitter() }, visitorId: 'v1', ip: '10.0.0.1', log: { warn: vi.fn(), error: vi.fn() } };
  return { request: request as unknown as FastifyRequest, reply: reply as unknown as FastifyReply, ended: () => new Promise<void>((resolve) => body!.once('end', resolve)) };
}

/** A comparison service that plays `script` against the watcher it is given. */
function scripted(script: (watcher: ComparisonWatcher) => Promise<void>): { comparison: Pick<ComparisonService, 'compare'>; storage: { fault: () => void } } {
  const comparison: Pick<ComparisonService, 'compare'> = {
    async compare(_request, _who, watcher) {
      await script(watcher!);
      return { chatGPT: answered('a c'), palmAPI: answered('b'), logId: 'log-1', json: '{}' };
    },
  };
  return { comparison, storage: { fault: vi.fn() } };
}

afterEach(() => vi.restoreAllMocks());

describe('a streamed comparison as written', () => {
  it('writes the events of one event-loop iteration at once, in order, and the rest when it ends', async () => {
    const writes = vi.spyOn(PassThrough.prototype, 'write');
    const { request, reply, ended } = fakeExchange();
    const comparison = scripted(async (watcher) => {
      watcher.onStart('log-1');
      watcher.onText('chatGPT', 'a ');
      watcher.onText('palmAPI', 'b');
      await nextIteration();
      watcher.onText('chatGPT', 'c');
      watcher.onSideDone('chatGPT', answered('a c'), JSON.stringify(answered('a c')));
      watcher.onSideDone('palmAPI', answered('b'), JSON.stringify(answered('b')));
    });
    await streamComparison(comparison, { prompt: 'p' }, request, reply);
    await ended();

    expect(writes.mock.calls.map(([chunk]) => String(chunk))).toEqual([
      frame('start', { logId: 'log-1' }) + frame('delta', { side: 'chatGPT', text: 'a ' }) + frame('delta', { side: 'palmAPI', text: 'b' }),
      frame('delta', { side: 'chatGPT', text: 'c' }) +
        frame('done', { side: 'chatGPT', result: answered('a c') }) +
        frame('done', { side: 'palmAPI', result: answered('b') }) +
        frame('end', { logId: 'log-1' }),
    ]);
  });

  it('still writes what was waiting when the comparison fails after it started, then the error', async () => {
    const writes = vi.spyOn(PassThrough.prototype, 'write');
    const { request, reply, ended } = fakeExchange();
    const comparison = scripted((watcher) => {
      watcher.onStart('log-2');
      watcher.onText('palmAPI', 'half an answer');
      return Promise.reject(new Error('storage went away'));
    });
    await streamComparison(comparison, { prompt: 'p' }, request, reply);
    await ended();

    expect(writes).toHaveBeenCalledTimes(1);
    const written = String(writes.mock.calls[0]![0]);
    const waiting = frame('start', { logId: 'log-2' }) + frame('delta', { side: 'palmAPI', text: 'half an answer' });
    expect(written.slice(0, waiting.length)).toBe(waiting);
    expect(written.slice(waiting.length)).toMatch(/^event: error\ndata: \{.*\}\n\n$/);
  });
});
