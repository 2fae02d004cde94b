// The `fetch` both SDKs (and our plain Google calls) are given: undici's request API over one
// shared keep-alive pool per process, answering a standard Response. Node's global fetch is the
// same undici underneath, but its full fetch algorithm (request cloning, web streams for bodies,
// abort plumbing) cost about twice the CPU per call here (docs/decisions.md, "Server cost").
import type { Readable } from 'node:stream';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * One pool for every upstream call: connections stay open between calls (keep-alive). Not bounded
 * per origin, as with global fetch: a bound would queue calls behind each other at high load.
 */
const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });

/** What fetch rejects with when the network fails: the errors code (upstreams/errors.ts) reads it so. */
function fetchFailed(error: unknown, signal: AbortSignal | null | undefined): unknown {
  if (signal?.aborted) return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  if (error instanceof Error && error.name === 'AbortError') return error;
  return new TypeError('fetch failed', { cause: error });
}

function responseHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/** A streamed answer (server-sent events) as a web stream, read as the caller reads, failing as fetch would. */
function streamedBody(body: Readable, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next: IteratorResult<Buffer> = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      } catch (error) {
        controller.error(fetchFailed(error, signal));
      }
    },
    cancel() {
      body.destroy();
    },
  });
}

function requestHeaders(headers: RequestInit['headers']): Record<string, string | string[]> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers as [string, string][]);
  return headers as Record<string, string | string[]>;
}

/**
 * A fetch for JSON APIs: string or byte bodies, no redirects followed (the upstream APIs answer
 * where asked). A JSON or error answer is read whole before it is handed over, which is cheaper
 * than streaming it; a server-sent-events answer streams.
 */
export async function upstreamFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) throw new TypeError('upstreamFetch takes a URL and an init object');
  const signal = init.signal;
  const body = init.body;
  if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError('upstreamFetch sends string or byte bodies only');
  }
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(input, {
      method: init.method ?? 'GET',
      headers: requestHeaders(init.headers),
      body: body ?? undefined,
      signal: signal ?? undefined,
      dispatcher,
    });
  } catch (error) {
    throw fetchFailed(error, signal);
  }
  const headers = responseHeaders(answer.headers);
  const status = answer.statusCode;
  const noBody = status === 204 || status === 304 || init.method === 'HEAD';
  if (headers.get('content-type')?.startsWith('text/event-stream') && !noBody) {
    return new Response(streamedBody(answer.body, signal), { status, headers });
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await answer.body.arrayBuffer();
  } catch (error) {
    throw fetchFailed(error, signal);
  }
  return new Response(noBody ? null : bytes, { status, headers });
}
