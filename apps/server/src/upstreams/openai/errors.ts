// Every failure of an OpenAI call → one UpstreamError (docs/wire-formats.md §1.6, §1.9, §4.4).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ErrorContext } from '../errors.ts';
import { isAbort, isNetworkFailure, parseRetryAfter, parseRetryHint, safeReason, upstreamError } from '../errors.ts';
import { isResponseTooLarge } from '../transport.ts';
import { UpstreamError } from '../types.ts';
import { retiredOn, todayIso } from '../model-offer.ts';
import { OPENAI_CATALOG } from './catalog.ts';

/** `retry-after-ms` first (the SDK's own order), then `retry-after`, then the message's hint. */
function retryAfterMs(error: APIError): number | undefined {
  const ms = Number(error.headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  return parseRetryAfter(error.headers?.get('retry-after')) ?? parseRetryHint(upstreamMessage(error));
}

function upstreamMessage(error: APIError): string | undefined {
  const body: { message?: unknown } | undefined = error.error;
  return typeof body?.message === 'string' ? body.message : undefined;
}

/** "param: message", scrubbed, so a 400 tells the visitor which setting the upstream refused. */
function badRequestReason(error: APIError, apiKey?: string): string | undefined {
  const message = upstreamMessage(error);
  const text = error.param ? `${error.param}: ${message ?? 'invalid value'}` : message;
  return safeReason(text, apiKey);
}

export function translateOpenAiError(error: unknown, ctx: ErrorContext): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const cause = error;
  if (isResponseTooLarge(error)) return upstreamError('upstream_too_large', ctx, { cause });
  // Order matters: the timeout and abort classes are subclasses of APIConnectionError/APIError.
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError || isAbort(error, ctx.signal)) {
    return upstreamError('upstream_timeout', ctx, { cause });
  }
  // A connection cut while the answer's body is read reaches us as fetch's TypeError, not the SDK's class.
  if (error instanceof APIConnectionError || isNetworkFailure(error)) return upstreamError('upstream_unreachable', ctx, { cause });
  // A 200 whose body is not JSON makes the SDK's response.json() throw.
  if (error instanceof SyntaxError) return upstreamError('upstream_bad_response', ctx, { status: 200, cause });
  // `instanceof` leaves the SDK's generic parameters as any; pin them to the declared defaults.
  const apiError = error instanceof APIError ? (error as APIError) : undefined;
  const status = apiError?.status;
  if (apiError === undefined || status === undefined) return upstreamError('upstream_error', ctx, { cause });
  const isQuota = apiError.code === 'insufficient_quota' || apiError.type === 'insufficient_quota';
  switch (true) {
    // The prompt past the model's context window: 400 `context_length_exceeded`.
    case status === 400 && apiError.code === 'context_length_exceeded':
      return upstreamError('upstream_context', ctx, { status, cause });
    case status === 401:
      return upstreamError('upstream_auth', ctx, { status, cause });
    case status === 403:
      return upstreamError('upstream_forbidden', ctx, { status, cause });
    case status === 404:
      // OpenAI's 404 `model_not_found`: a model the catalog knows as shut down says since when.
      return upstreamError('upstream_model', ctx, { status, cause, retiredOn: ctx.model === undefined ? undefined : retiredOn(OPENAI_CATALOG, ctx.model, todayIso()) });
    case status === 429 && isQuota:
      return upstreamError('upstream_quota', ctx, { status, cause });
    case status === 429:
      return upstreamError('upstream_rate_limited', ctx, { status, retryAfterMs: retryAfterMs(apiError), cause });
    case status === 504:
      return upstreamError('upstream_timeout', ctx, { status, cause });
    case status >= 500 || status === 408 || status === 409:
      return upstreamError('upstream_error', ctx, { status, cause });
    default:
      return upstreamError('upstream_bad_request', ctx, { status, reason: badRequestReason(apiError, ctx.apiKey), cause });
  }
}
