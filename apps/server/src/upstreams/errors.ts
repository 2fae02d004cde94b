// Helpers shared by both adapters' error translation (docs/wire-formats.md §1.6, §3.7, §4.4).
// Upstream text is copied into our errors only after scrubbing: bodies may echo (part of) a key.
import { describeServiceError } from '@promptpair/contract';
import type { UpstreamErrorCode } from '@promptpair/contract';
import { UpstreamError } from './types.ts';

/** Shapes of OpenAI (`sk-…`) and Google (`AIza…`) keys, also when the upstream masks their middle. */
const KEY_PATTERNS: RegExp[] = [
  /\bsk-[\w*.-]{6,}/g,
  /\bAIza[\w*-]{10,}/g,
  // A key passed as `?key=` shows up when an upstream quotes the URL it was called with; `key=` stays.
  /(?<=[?&]key=)[^&\s"']+/gi,
];
const REASON_MAX_CHARS = 240;

/** Removes the key itself and anything that looks like a key from upstream text. */
export function scrubSecrets(text: string, apiKey?: string): string {
  let scrubbed = apiKey && apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  for (const pattern of KEY_PATTERNS) scrubbed = scrubbed.replace(pattern, '[redacted]');
  return scrubbed;
}

/** A short, key-free excerpt of upstream text that is safe to show the visitor. */
export function safeReason(text: string | undefined | null, apiKey?: string): string | undefined {
  if (!text) return undefined;
  const oneLine = scrubSecrets(text, apiKey).replace(/\s+/g, ' ').trim();
  if (oneLine === '') return undefined;
  return oneLine.length > REASON_MAX_CHARS ? `${oneLine.slice(0, REASON_MAX_CHARS - 1)}…` : oneLine;
}

export interface ErrorContext {
  /** The service as the visitor sees it named (its display name), in every error text. */
  serviceName: string;
  apiKey?: string;
  model?: string;
  signal?: AbortSignal;
}

/** Builds an UpstreamError whose message is the visitor-facing text of the contract. */
export function upstreamError(
  code: UpstreamErrorCode,
  ctx: ErrorContext,
  options: { status?: number; retryAfterMs?: number; reason?: string; retiredOn?: string | undefined; cause?: unknown } = {},
): UpstreamError {
  const retryAfterSeconds = options.retryAfterMs === undefined ? undefined : options.retryAfterMs / 1000;
  const message = describeServiceError(ctx.serviceName, code, { model: ctx.model, reason: options.reason, retryAfterSeconds, retiredOn: options.retiredOn });
  return new UpstreamError(code, message, {
    status: options.status,
    retryAfterMs: options.retryAfterMs,
    model: ctx.model,
    reason: options.reason,
    retiredOn: options.retiredOn,
    cause: options.cause === undefined ? undefined : sanitizedCause(options.cause, ctx.apiKey),
  });
}

/**
 * An empty key is refused before any call: the SDKs would otherwise fall back to their
 * environment variables (OPENAI_API_KEY, GOOGLE_API_KEY) and spend someone else's key.
 */
export function assertKey(ctx: ErrorContext): void {
  if (!ctx.apiKey?.trim()) throw upstreamError('upstream_auth', ctx);
}

/** Keeps the original error for logs, minus anything key-like (SDK errors quote upstream bodies). */
function sanitizedCause(cause: unknown, apiKey?: string): Error {
  const original = cause instanceof Error ? cause : new Error(String(cause));
  const copy = new Error(scrubSecrets(original.message, apiKey));
  copy.name = original.name;
  return copy;
}

/** True when the failure is our own abort (caller gone or budget spent) or a fetch timeout. */
/**
 * undici's fetch reports DNS, refused and reset connections as TypeError("fetch failed") with a
 * coded cause, and a connection cut while the body is read as TypeError("terminated") with one.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return error.message === 'fetch failed' || typeof code === 'string';
}

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Seconds (possibly fractional) or an HTTP date, as in `Retry-After`; undefined when unusable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** "Please try again in 20s" / "Please retry in 45.5s" / "in 350ms": the hint both providers put in messages. */
export function parseRetryHint(message: string | undefined): number | undefined {
  const match = message?.match(/(?:try again|retry) in (\d+(?:\.\d+)?)\s*(ms|s)\b/i);
  if (!match) return undefined;
  const amount = Number(match[1]);
  return Math.round(match[2]?.toLowerCase() === 'ms' ? amount : amount * 1000);
}
