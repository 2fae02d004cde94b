// Retry policy for one interactive upstream call. The SDKs' own retries are off so that this
// is the only place that decides, and it can honour Retry-After within the call's budget.
import { UpstreamError } from './types.ts';

export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest upstream-requested wait we accept; a longer one is handed to the visitor instead. */
  maxRetryDelayMs: number;
  signal: AbortSignal;
  /** Epoch ms when the call's budget ends: a wait that would end later is not started. */
  deadline?: number;
  /** Asked before each retry; false ends the call with the error (e.g. text was already streamed). */
  canRetry?: () => boolean;
  /** Injected in tests; defaults to Math.random. */
  random?: () => number;
}

const BASE_DELAY_MS = 250;
const MAX_BACKOFF_MS = 4_000;

/** 250 ms × 2^n capped at 4 s, with "equal jitter" (50–100 % of it) so clients spread out. */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BASE_DELAY_MS * 2 ** retryIndex, MAX_BACKOFF_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Resolves after `ms`, or rejects with `onAbort` as soon as the signal fires. */
function sleep(ms: number, signal: AbortSignal, onAbort: Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(onAbort);
    const abort = () => {
      clearTimeout(timer);
      reject(onAbort);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Runs `fn` and retries retryable UpstreamErrors. A Retry-After longer than maxRetryDelayMs
 * (or past the deadline) ends the call at once with that error, so the visitor reads
 * "try again in N s" instead of waiting for a timeout. When the signal fires, the last
 * upstream error is thrown without further attempts.
 */
export async function withRetries<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const random = options.random ?? Math.random;
  for (let retries = 0; ; retries++) {
    try {
      return await fn(retries);
    } catch (error) {
      if (!(error instanceof UpstreamError) || !error.retryable) throw error;
      if (retries >= options.maxRetries || options.signal.aborted) throw error;
      if (options.canRetry && !options.canRetry()) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > options.maxRetryDelayMs) throw error;
      const delay = error.retryAfterMs ?? backoffMs(retries, random);
      if (options.deadline !== undefined && Date.now() + delay >= options.deadline) throw error;
      await sleep(delay, options.signal, error);
    }
  }
}
