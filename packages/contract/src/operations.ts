import { MESSAGES } from './messages.ts';
import { RUN_LIMIT_DEFAULTS, UPLOAD_WINDOW_MS, UPLOADS_PER_HOUR_MESSAGE } from './run-limits.ts';
import { RUN_LIMIT_MESSAGES } from './run-limit-messages.ts';

/**
 * Running the product in production: the probes' paths, the rate limits and the texts
 * their refusals carry. docs/decisions.md ("Rate limits", "Health and shutdown") says why.
 */
export const PROBE_ROUTES = {
  /** The process is alive; touches nothing else. */
  healthz: '/healthz',
  /** The database answers and holds every migration; 503 while shutting down. */
  readyz: '/readyz',
} as const;

export const PROBE_MESSAGES = {
  databaseUnreachable: 'Not ready: the database cannot be reached.',
  databaseCannotWrite: 'Not ready: the database cannot store anything right now.',
  migrationsMissing: 'Not ready: the database lacks migrations this version needs.',
  shuttingDown: 'The server is shutting down. Please try again in a moment.',
} as const;

export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Per-visitor limits catch a browser (or a script keeping its cookie); per-IP limits catch scripts
 * that drop the cookie and so get a new visitor on every request. A person never meets either.
 */
export const RATE_LIMITS = {
  comparison: { perVisitor: { max: 20, windowMs: 10_000 }, perIp: { max: 60, windowMs: 10_000 } },
  share: { perVisitor: { max: 20, windowMs: 60_000 }, perIp: { max: 60, windowMs: 60_000 } },
  key: { perVisitor: { max: 10, windowMs: 15 * 60_000 }, perIp: { max: 30, windowMs: 15 * 60_000 } },
  contact: { perVisitor: { max: 5, windowMs: 3_600_000 }, perIp: { max: 20, windowMs: 3_600_000 } },
  /** Prompt-list uploads (BATCH_UPLOADS_PER_IP_PER_HOUR sets both): every attempt counts, before the list is read. */
  batchUpload: {
    perVisitor: { max: RUN_LIMIT_DEFAULTS.uploadsPerIpPerHour, windowMs: UPLOAD_WINDOW_MS },
    perIp: { max: RUN_LIMIT_DEFAULTS.uploadsPerIpPerHour, windowMs: UPLOAD_WINDOW_MS },
  },
  sharedPage: { perVisitor: { max: 60, windowMs: 60_000 }, perIp: { max: 300, windowMs: 60_000 } },
} as const satisfies Record<string, { perVisitor: RateLimit; perIp: RateLimit }>;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** The 429 `rate_limited` answer's message; the free cap's 429 keeps its own (docs/product.md §8). */
export const RATE_LIMIT_MESSAGES = {
  comparison: 'Too many comparisons in a short time. Please wait a few seconds and try again.',
  share: 'Too many share links in a short time. Please wait a minute and try again.',
  key: 'Too many attempts to save API keys. Please wait a few minutes and try again.',
  contact: MESSAGES.contact.rateLimited,
  batchUpload: UPLOADS_PER_HOUR_MESSAGE,
  sharedPage: 'Too many shared pages opened in a short time. Please wait a minute and try again.',
} as const satisfies Record<RateLimitedAction, string>;

/** A 429 `rate_limited` answer's message; an upload's also says when to try again. */
export function rateLimitMessage(action: RateLimitedAction, retryAfterSeconds: number): string {
  return action === 'batchUpload' ? RUN_LIMIT_MESSAGES.uploadsPerHourRetry(retryAfterSeconds) : RATE_LIMIT_MESSAGES[action];
}
