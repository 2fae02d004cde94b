// The `fetch` both SDKs (and our plain Google calls) are given: undici's request API over one
// shared keep-alive pool per process, answering a standard Response, and the one place that limits
// how much of an upstream answer is read. Node's global fetch is the same undici underneath, but
// its full fetch algorithm (request cloning, web streams for every body, abort plumbing) cost about
// twice the CPU per call here (docs/decisions.md, "Server cost per comparison").
import type { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';
import { ResponseTooLargeError } from '../transport.ts';

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

/**
 * The answer's headers as the name-value pairs a Response takes, so its Headers are filled once
 * (not built here and copied again by the Response), and the two this client reads.
 */
function responseHeaders(raw: Dispatcher.ResponseData['headers']): { pairs: [string, string][]; contentLength: string | undefined; contentType: string | undefined } {
  const pairs: [string, string][] = [];
  for (const name in raw) {
    const value = raw[name];
    if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
    else if (value !== undefined) pairs.push([name, value]);
  }
  const contentLength = raw['content-length'];
  const contentType = raw['content-type'];
  return { pairs, contentLength: typeof contentLength === 'string' ? contentLength : undefined, contentType: typeof contentType === 'string' ? contentType : undefined };
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

const textDecoder = new TextDecoder();

/**
 * A whole answer already read, as a standard Response whose body methods answer from the bytes. A
 * Response built over the bytes wraps them in a web stream and reads that stream back on json() or
 * text(), which cost more CPU than the rest of the call. The stream is made only if `body` is
 * asked for; from then on the body is that stream's, as in any Response.
 */
class WholeAnswer extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  #used = false;
  #streamed: Response | undefined;

  constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  /** The bytes, once: a body is read at most once, as fetch's is. */
  #take(): Uint8Array<ArrayBuffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }
  #copy(): ArrayBuffer {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  wholeBody(): ReadableStream<Uint8Array> | null {
    if (!this.#streamed) {
      this.#streamed = new Response(this.#bytes);
      // Already read: the stream a fetch Response shows then is a used one.
      if (this.#used) void this.#streamed.arrayBuffer();
    }
    return this.#streamed.body;
  }
  wholeBodyUsed(): boolean {
    return this.#streamed ? this.#streamed.bodyUsed : this.#used;
  }
  async wholeText(): Promise<string> {
    return this.#streamed ? this.#streamed.text() : textDecoder.decode(this.#take());
  }
  async wholeJson(): Promise<unknown> {
    return JSON.parse(await this.wholeText()) as unknown;
  }
  async wholeArrayBuffer(): Promise<ArrayBuffer> {
    return this.#streamed ? this.#streamed.arrayBuffer() : this.#copy();
  }
  async wholeBytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.wholeArrayBuffer());
  }
  async wholeBlob(): Promise<Blob> {
    return new Blob([await this.wholeArrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }
  wholeClone(): Response {
    if (this.wholeBodyUsed()) throw new TypeError('Response.clone: Body has already been consumed.');
    return this.#streamed ? this.#streamed.clone() : new WholeAnswer(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
// Response's own body members, answered by the methods above. Set on the prototype once (the
// DOM typings declare them as fields, so a class cannot override them in TypeScript).
Object.defineProperties(WholeAnswer.prototype, {
  body: { get(this: WholeAnswer) { return this.wholeBody(); } },
  bodyUsed: { get(this: WholeAnswer) { return this.wholeBodyUsed(); } },
  text: { value(this: WholeAnswer) { return this.wholeText(); } },
  json: { value(this: WholeAnswer) { return this.wholeJson(); } },
  arrayBuffer: { value(this: WholeAnswer) { return this.wholeArrayBuffer(); } },
  bytes: { value(this: WholeAnswer) { return this.wholeBytes(); } },
  blob: { value(this: WholeAnswer) { return this.wholeBlob(); } },
  clone: { value(this: WholeAnswer) { return this.wholeClone(); } },
});

/** A streamed answer (server-sent events) as a web stream, read as the caller reads, failing as fetch would or at the cap. */
function streamedBody(body: Readable, limitBytes: number, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next: IteratorResult<Buffer> = await chunks.next();
        if (next.done) return controller.close();
        seen += next.value.byteLength;
        if (seen > limitBytes) {
          body.destroy();
          return controller.error(new ResponseTooLargeError(limitBytes));
        }
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
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
      answer = await request(input, { method: init.method ?? 'GET', headers: requestHeaders(init.headers), body: body ?? undefined, signal: signal ?? undefined, dispatcher });
    } catch (error) {
      throw fetchFailed(error, signal);
    }
    const { pairs: headers, contentLength, contentType } = responseHeaders(answer.headers);
    const status = answer.statusCode;
    if (status === 204 || status === 304 || init.method === 'HEAD') {
      answer.body.resume();
      return new Response(null, { status, headers });
    }
    const declared = Number(contentLength ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limitBytes) {
      answer.body.destroy();
      throw new ResponseTooLargeError(limitBytes);
    }
    if (contentType?.startsWith('text/event-stream')) {
      return new Response(streamedBody(answer.body, limitBytes, signal), { status, headers });
    }
    try {
      return new WholeAnswer(await readWhole(answer.body, limitBytes), { status, headers });
    } catch (error) {
      throw fetchFailed(error, signal);
    }
  };
}

/** Without a cap: for callers (tests, tools) that take any answer. */
export const upstreamFetch = createUpstreamFetch();
