// Every failure of an Anthropic call → one UpstreamError, on the same classes as OpenAI's.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ErrorContext } from '../errors.ts';
import { isAbort, isNetworkFailure, parseRetryAfter, safeReason, upstreamError } from '../errors.ts';
import { isResponseTooLarge } from '../transport.ts';
import { UpstreamError } from '../types.ts';

/** `retry-after-ms` first (the SDK's own order), then `retry-after` in seconds or as a date. */
function retryAfterMs(error: APIError): number | undefined {
  const ms = Number(error.headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  return parseRetryAfter(error.headers?.get('retry-after'));
}

/** The service's own words, `{type: 'error', error: {type, message}}`, scrubbed. */
function upstreamMessage(error: APIError, apiKey?: string): string | undefined {
  return safeReason(error.apiMessage, apiKey);
}

/** An `error` event after a 200 (no status): overloaded or failed mid-answer, or rate limited. */
function fromErrorEvent(error: APIError, ctx: ErrorContext): UpstreamError {
  if (error.type === 'rate_limit_error') return upstreamError('upstream_rate_limited', ctx, { cause: error });
  if (error.type === 'overloaded_error' || error.type === 'api_error' || error.type === 'timeout_error') {
    return upstreamError('upstream_error', ctx, { reason: error.type, cause: error });
  }
  return upstreamError('upstream_bad_response', ctx, { status: 200, reason: error.type ?? undefined, cause: error });
}

function fromStatus(error: APIError, status: number, ctx: ErrorContext): UpstreamError {
  const cause = error;
  // Out of credit: 402 billing_error, or the 400 that names the credit balance.
  if (status === 402 || error.type === 'billing_error' || /credit balance/i.test(error.apiMessage ?? '')) {
    return upstreamError('upstream_quota', ctx, { status, cause });
  }
  switch (true) {
    // The prompt past the model's context window: a 400 invalid_request_error "prompt is too long: …".
    case status === 400 && error.type === 'invalid_request_error' && /prompt is too long/i.test(error.apiMessage ?? ''):
      return upstreamError('upstream_context', ctx, { status, cause });
    case status === 401:
      return upstreamError('upstream_auth', ctx, { status, cause });
    case status === 403:
      return upstreamError('upstream_forbidden', ctx, { status, cause });
    case status === 404:
      return upstreamError('upstream_model', ctx, { status, cause });
    case status === 429:
      return upstreamError('upstream_rate_limited', ctx, { status, retryAfterMs: retryAfterMs(error), cause });
    case status === 504:
      return upstreamError('upstream_timeout', ctx, { status, cause });
    // 529 overloaded_error: retried like a 503.
    case status >= 500 || status === 408 || status === 409:
      return upstreamError('upstream_error', ctx, { status, cause });
    default:
      return upstreamError('upstream_bad_request', ctx, { status, reason: upstreamMessage(error, ctx.apiKey), cause });
  }
}

export function translateAnthropicError(error: unknown, ctx: ErrorContext): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const cause = error;
  if (isResponseTooLarge(error)) return upstreamError('upstream_too_large', ctx, { cause });
  // Order matters: the timeout and abort classes are subclasses of APIConnectionError/APIError.
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError || isAbort(error, ctx.signal)) {
    return upstreamError('upstream_timeout', ctx, { cause });
  }
  // A connection cut while the answer's body is read reaches us as fetch's TypeError, not the SDK's class.
  if (error instanceof APIConnectionError || isNetworkFailure(error)) return upstreamError('upstream_unreachable', ctx, { cause });
  // A 200 whose body (or an event's data) is not JSON.
  if (error instanceof SyntaxError) return upstreamError('upstream_bad_response', ctx, { status: 200, cause });
  // `instanceof` leaves the SDK's generic parameters as any; pin them to the declared defaults.
  const apiError = error instanceof APIError ? (error as APIError) : undefined;
  if (apiError === undefined) return upstreamError('upstream_error', ctx, { cause });
  return apiError.status === undefined ? fromErrorEvent(apiError, ctx) : fromStatus(apiError, apiError.status, ctx);
}
