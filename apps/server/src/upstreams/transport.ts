// An upstream answer past UPSTREAM_MAX_RESPONSE_BYTES: the HTTP client under both SDKs and the plain
// Google calls (http/upstream-fetch.ts) raises this, so a runaway answer is cut off instead of held
// whole in memory, and the adapters' error translation finds it in the SDKs' cause chain.

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
