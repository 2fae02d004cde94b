// Every failure of a Google call (SDK ApiError, fetch, bad body) → one UpstreamError
// (docs/wire-formats.md §3.7, §4.4). Google's envelope is google.rpc.Status in JSON.
import { retiredOn, todayIso } from '../model-offer.ts';
import { GOOGLE_CATALOG } from './catalog.ts';
import { ApiError } from '@google/genai';
import type { ErrorContext } from '../errors.ts';
import { isAbort, isNetworkFailure, parseRetryHint, safeReason, upstreamError } from '../errors.ts';
import { isResponseTooLarge } from '../transport.ts';
import { UpstreamError } from '../types.ts';

interface GoogleStatus {
  message?: string;
  status?: string;
  details?: Record<string, unknown>[];
}

/** The `error` object of a Google error body, or a bare message when the body is not that envelope. */
export function parseGoogleErrorBody(text: string): GoogleStatus {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    const error = parsed.error;
    if (typeof error === 'object' && error !== null) {
      const { message, status, details } = error as Record<string, unknown>;
      return {
        message: typeof message === 'string' ? message : undefined,
        status: typeof status === 'string' ? status : undefined,
        details: Array.isArray(details) ? details.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null) : [],
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the text as the message.
  }
  return { message: text, details: [] };
}

function detailsOfType(body: GoogleStatus, type: string): Record<string, unknown>[] {
  return (body.details ?? []).filter((d) => typeof d['@type'] === 'string' && d['@type'].endsWith(`google.rpc.${type}`));
}

/** RetryInfo.retryDelay is a proto Duration in JSON: "47s", "45.578569677s". */
export function retryDelayMs(body: GoogleStatus): number | undefined {
  const delay = detailsOfType(body, 'RetryInfo')[0]?.retryDelay;
  const match = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** A quota that waiting a minute will not fix: "limit: 0" (no free tier) or a per-day quota. */
function isHardQuota(body: GoogleStatus, hasRetryInfo: boolean): boolean {
  if (/\blimit: 0\b/.test(body.message ?? '')) return true;
  const quotaIds = detailsOfType(body, 'QuotaFailure')
    .flatMap((d) => (Array.isArray(d.violations) ? (d.violations as Record<string, unknown>[]) : []))
    .map((v) => [v.quotaId, v.quotaMetric].filter((s) => typeof s === 'string').join(' '));
  if (quotaIds.some((id) => /\blimit: 0\b/.test(id))) return true;
  return !hasRetryInfo && quotaIds.some((id) => /per.?day/i.test(id));
}

function isBadKey(body: GoogleStatus): boolean {
  const reasons = detailsOfType(body, 'ErrorInfo').map((d) => d.reason);
  return reasons.includes('API_KEY_INVALID') || /API key not valid|API key expired/i.test(body.message ?? '');
}

/** Maps an HTTP error status and its body text. */
export function translateGoogleHttpError(status: number, bodyText: string, ctx: ErrorContext, cause?: unknown): UpstreamError {
  const body = parseGoogleErrorBody(bodyText);
  const reason = safeReason(body.message, ctx.apiKey);
  const base = { status, cause };
  if ((status === 400 && isBadKey(body)) || status === 401) return upstreamError('upstream_auth', ctx, base);
  // The prompt past the model's input limit: 400 INVALID_ARGUMENT "The input token count (…) exceeds …".
  if (status === 400 && /input token count.*exceeds/i.test(body.message ?? '')) return upstreamError('upstream_context', ctx, base);
  if (status === 400 && body.status === 'FAILED_PRECONDITION') return upstreamError('upstream_forbidden', ctx, base);
  if (status === 403) {
    // A missing key is a 403 "unregistered callers": the visitor's problem is the key, not access.
    const unregistered = /unregistered callers/i.test(body.message ?? '') || isBadKey(body);
    return upstreamError(unregistered ? 'upstream_auth' : 'upstream_forbidden', ctx, base);
  }
  // Gemini's (and PaLM's) 404 NOT_FOUND: a model the catalog knows as shut down says since when.
  if (status === 404) return upstreamError('upstream_model', ctx, { ...base, retiredOn: ctx.model === undefined ? undefined : retiredOn(GOOGLE_CATALOG, ctx.model, todayIso()) });
  if (status === 429) {
    const retryAfterMs = retryDelayMs(body);
    if (isHardQuota(body, retryAfterMs !== undefined)) return upstreamError('upstream_quota', ctx, base);
    return upstreamError('upstream_rate_limited', ctx, { ...base, retryAfterMs: retryAfterMs ?? parseRetryHint(body.message) });
  }
  if (status === 504) return upstreamError('upstream_timeout', ctx, base);
  if (status >= 500 || status === 408 || status === 409) return upstreamError('upstream_error', ctx, base);
  return upstreamError('upstream_bad_request', ctx, { ...base, reason });
}

/** Anything thrown while calling Google: SDK ApiError, fetch failure, abort, bad JSON. */
export function translateGoogleError(error: unknown, ctx: ErrorContext): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (isResponseTooLarge(error)) return upstreamError('upstream_too_large', ctx, { cause: error });
  if (isAbort(error, ctx.signal)) return upstreamError('upstream_timeout', ctx, { cause: error });
  // The SDK's ApiError message is the JSON-stringified error body (docs/wire-formats.md §3.9).
  if (error instanceof ApiError) return translateGoogleHttpError(error.status, error.message, ctx, error);
  if (error instanceof SyntaxError) return upstreamError('upstream_bad_response', ctx, { status: 200, cause: error });
  if (isNetworkFailure(error)) return upstreamError('upstream_unreachable', ctx, { cause: error });
  return upstreamError('upstream_error', ctx, { cause: error });
}
