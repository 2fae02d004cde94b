import type { TServiceResult } from '@promptpair/contract';

/** Shown for a figure that cannot be known (no streaming, no token count, a stopped side). */
export const UNKNOWN_FIGURE = '—';

/**
 * How fast the service wrote: tokens over the time from its first token to its last. Null when
 * either is unknown or no time passed (one piece, e.g. a service that does not stream).
 */
export function tokensPerSecond(result: Pick<TServiceResult, 'tokens' | 'elapsedTime' | 'timeToFirstToken'>): number | null {
  const { tokens, elapsedTime, timeToFirstToken } = result;
  if (tokens === null || timeToFirstToken === null || timeToFirstToken === undefined) return null;
  const writing = elapsedTime - timeToFirstToken;
  return writing > 0 ? tokens / writing : null;
}

export function formatSeconds(seconds: number | null): string {
  return seconds === null ? UNKNOWN_FIGURE : `${seconds.toFixed(2)} seconds`;
}

export function formatTokensPerSecond(rate: number | null): string {
  return rate === null ? UNKNOWN_FIGURE : rate.toFixed(1);
}
