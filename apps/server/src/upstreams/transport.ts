// The HTTP client under both SDKs and the plain Google calls: one place that limits how much of an
// upstream answer is read, so a runaway answer is cut off instead of held whole in memory.

/** Raised (inside the SDKs' body reading) when an answer passes the configured size. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The upstream answer is larger than ${limitBytes} bytes.`);
    this.name = 'ResponseTooLargeError';
  }
}

/** True when `error`, or anything in its `cause` chain, is a ResponseTooLargeError. */
export function isResponseTooLarge(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof ResponseTooLargeError) return true;
  }
  return false;
}

/** Passes bytes through until `limitBytes`, then fails the stream (its reader sees the error). */
function byteLimit(limitBytes: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limitBytes) controller.error(new ResponseTooLargeError(limitBytes));
      else controller.enqueue(chunk);
    },
  });
}

/**
 * A fetch whose answers stop at `limitBytes`: a declared Content-Length over it is refused before
 * the body is read, and a body that grows past it (chunked, or a stream) fails at that byte. Both
 * SDKs take it as their `fetch`, so their own parsing and typed errors stay as they are.
 */
export function createCappedFetch(limitBytes: number, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      await response.body?.cancel();
      throw new ResponseTooLargeError(limitBytes);
    }
    if (!response.body) return response;
    return new Response(response.body.pipeThrough(byteLimit(limitBytes)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
