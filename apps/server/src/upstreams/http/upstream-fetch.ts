// The `fetch` both SDKs (and our plain Google calls) are given: undici's request API over one
// shared keep-alive pool per process, answering a standard Response, and the one place that limits
// how much of an upstream answer is read. Node's global fetch is the same undici underneath, but
// its full fetch algorithm (request cloning, web streams for every body, abort plumbing) cost about
// twice the CPU per call here (docs/decisions.md, "Server cost per comparison").
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { ResponseTooLargeError } from '../transport.ts';
import { UpstreamAnswer } from './upstream-answer.ts';

/**
 * One pool for every upstream call: connections stay open between calls (keep-alive). Not bounded
 * per origin, as with global fetch: a bound would queue calls behind each other at high load.
 */
const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });

/** What fetch rejects with when the network fails: upstreams/errors.ts reads it so. */
function fetchFailed(error: unknown, signal: AbortSignal | null | undefined): unknown {
  if (signal?.aborted) return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  if (error instanceof ResponseTooLargeError || (error instanceof Error && error.name === 'AbortError')) return error;
  return new TypeError('fetch failed', { cause: error });
}

/** The request's headers as undici takes them: a Headers (or any list of pairs) is iterated as it is, without a copy. */
function requestHeaders(headers: RequestInit['headers']): Dispatcher.RequestOptions['headers'] {
  return (headers ?? undefined) as Dispatcher.RequestOptions['headers'];
}

/** The whole body, failing at the byte past `limitBytes` without holding more. */
// Node's buffers of a socket are backed by plain ArrayBuffers, never shared ones: the type says so
// for the DOM's BodyInit, which the end-to-end workspace type-checks this file against.
// Read by its events rather than an async iterator, which made a promise and an iterator result per chunk.
function readWhole(body: Readable, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    body.on('data', (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > limitBytes) {
        body.destroy();
        reject(new ResponseTooLargeError(limitBytes));
      } else chunks.push(chunk);
    });
    body.once('end', () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, seen)) as Uint8Array<ArrayBuffer>));
    body.once('error', reject);
    // Destroyed without an error (aborted): still a failure, as fetch's would be.
    body.once('close', () => {
      if (!body.readableEnded) reject(new Error('terminated'));
    });
  });
}

/** A streamed answer (server-sent events) as a web stream, read as the caller reads, failing as fetch would or at the cap. */
function streamedBody(body: Readable, limitBytes: number, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array<ArrayBuffer>> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let seen = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      try {
        const next: IteratorResult<Buffer> = await chunks.next();
        if (next.done) return controller.close();
        seen += next.value.byteLength;
        if (seen > limitBytes) {
          body.destroy();
          return controller.error(new ResponseTooLargeError(limitBytes));
        }
        controller.enqueue(new Uint8Array(next.value.buffer as ArrayBuffer, next.value.byteOffset, next.value.byteLength));
      } catch (error) {
        controller.error(fetchFailed(error, signal));
      }
    },
    cancel() {
      body.destroy();
    },
  });
}

export interface UpstreamFetchOptions {
  /** Most bytes read of one answer: a declared Content-Length over it is refused unread, a body growing past it fails there. */
  maxResponseBytes?: number | undefined;
}

/**
 * A fetch for JSON APIs: string or byte bodies, no redirects followed (the upstream APIs answer
 * where asked). A JSON or error answer is read whole before it is handed over, which is cheaper
 * than streaming it; a server-sent-events answer streams. Past the cap the call fails with
 * ResponseTooLargeError, which the SDKs pass on as the cause of their own errors.
 */
export function createUpstreamFetch(options: UpstreamFetchOptions = {}): typeof fetch {
  const limitBytes = options.maxResponseBytes ?? Infinity;
  return async (input, init = {}) => {
    if (input instanceof Request) throw new TypeError('upstreamFetch takes a URL and an init object');
    const signal = init.signal;
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      throw new TypeError('upstreamFetch sends string or byte bodies only');
    }
    let answer: Dispatcher.ResponseData;
    try {
      const url = typeof input === 'string' ? new URL(input) : input;
      answer = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: requestHeaders(init.headers),
        body: body ?? undefined,
        signal: signal ?? undefined,
      });
    } catch (error) {
      throw fetchFailed(error, signal);
    }
    const { statusCode: status, headers } = answer;
    const url = String(input);
    if (status === 204 || status === 304 || init.method === 'HEAD') {
      answer.body.resume();
      return new UpstreamAnswer(status, headers, null, url);
    }
    const declared = Number(headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limitBytes) {
      answer.body.destroy();
      throw new ResponseTooLargeError(limitBytes);
    }
    if (String(headers['content-type']).startsWith('text/event-stream')) {
      return new UpstreamAnswer(status, headers, { stream: streamedBody(answer.body, limitBytes, signal) }, url);
    }
    try {
      return new UpstreamAnswer(status, headers, { bytes: await readWhole(answer.body, limitBytes) }, url);
    } catch (error) {
      throw fetchFailed(error, signal);
    }
  };
}

/** Without a cap: for callers (tests, tools) that take any answer. */
export const upstreamFetch = createUpstreamFetch();
