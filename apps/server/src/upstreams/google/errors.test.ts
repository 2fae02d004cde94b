import { ApiError } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { parseGoogleErrorBody, retryDelayMs, translateGoogleError, translateGoogleHttpError } from './errors.ts';

const KEY = 'AIzaSyTestKey1234567890abcdef';
const ctx = { serviceName: 'Palm API' as const, apiKey: KEY, model: 'gemini-2.0-flash' };
const T = 'type.googleapis.com/google.rpc.';

/** A google.rpc.Status envelope as the API sends it (docs/wire-formats.md §3.7). */
const body = (code: number, status: string, message: string, details: object[] = []) =>
  JSON.stringify({ error: { code, message, status, details } });
/** What @google/genai throws: the JSON body as the message. */
const sdkError = (code: number, status: string, message: string, details: object[] = []) =>
  new ApiError({ status: code, message: body(code, status, message, details) });

const badKey = () =>
  sdkError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    { '@type': `${T}ErrorInfo`, reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
  ]);
const rateLimited = (retryDelay: string) =>
  sdkError(429, 'RESOURCE_EXHAUSTED', `Resource has been exhausted. Please retry in ${retryDelay}.`, [
    { '@type': `${T}QuotaFailure`, violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel' }] },
    { '@type': `${T}RetryInfo`, retryDelay },
  ]);

describe('translateGoogleError (SDK ApiError)', () => {
  it('400 API_KEY_INVALID → upstream_auth, also recognised by message alone', () => {
    expect(translateGoogleError(badKey(), ctx)).toMatchObject({ code: 'upstream_auth', status: 400 });
    expect(translateGoogleError(sdkError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'), ctx).code).toBe(
      'upstream_auth',
    );
  });

  it('403 → upstream_forbidden, but a missing key ("unregistered callers") → upstream_auth', () => {
    expect(translateGoogleError(sdkError(403, 'PERMISSION_DENIED', 'Generative Language API has not been used in project 1'), ctx).code).toBe(
      'upstream_forbidden',
    );
    const missing = sdkError(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity).");
    expect(translateGoogleError(missing, ctx).code).toBe('upstream_auth');
  });

  it('400 FAILED_PRECONDITION (region/free tier) → upstream_forbidden', () => {
    const error = sdkError(400, 'FAILED_PRECONDITION', 'User location is not supported for the API use without a billing account linked.');
    expect(translateGoogleError(error, ctx).code).toBe('upstream_forbidden');
  });

  it('404 → upstream_model', () => {
    const error = sdkError(404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.');
    expect(translateGoogleError(error, { ...ctx, model: 'gemini-9' })).toMatchObject({ code: 'upstream_model', detail: { model: 'gemini-9' } });
  });

  it('429 with RetryInfo → upstream_rate_limited with the delay in ms', () => {
    expect(translateGoogleError(rateLimited('47s'), ctx)).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 47_000 });
    expect(translateGoogleError(rateLimited('45.578569677s'), ctx).retryAfterMs).toBe(45_579);
  });

  it('429 daily quota without RetryInfo, or "limit: 0" → upstream_quota', () => {
    const daily = sdkError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', [
      { '@type': `${T}QuotaFailure`, violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier' }] },
    ]);
    expect(translateGoogleError(daily, ctx)).toMatchObject({ code: 'upstream_quota', retryable: false });
    const limitZero = sdkError(
      429,
      'RESOURCE_EXHAUSTED',
      'Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 0, model: gemini-2.5-pro\nPlease retry in 43s.',
      [{ '@type': `${T}RetryInfo`, retryDelay: '43s' }],
    );
    expect(translateGoogleError(limitZero, ctx).code).toBe('upstream_quota');
  });

  it('429 without details → upstream_rate_limited, backoff left to the retry policy', () => {
    expect(translateGoogleError(sdkError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'), ctx)).toMatchObject({
      code: 'upstream_rate_limited',
      retryAfterMs: undefined,
    });
  });

  it('500/503 → upstream_error, 504 → upstream_timeout', () => {
    expect(translateGoogleError(sdkError(500, 'INTERNAL', 'An internal error has occurred.'), ctx)).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(translateGoogleError(sdkError(503, 'UNAVAILABLE', 'The model is overloaded.'), ctx).code).toBe('upstream_error');
    expect(translateGoogleError(sdkError(504, 'DEADLINE_EXCEEDED', 'Deadline exceeded'), ctx).code).toBe('upstream_timeout');
  });

  it('other 400 → upstream_bad_request with the scrubbed upstream message', () => {
    const error = sdkError(400, 'INVALID_ARGUMENT', `Please ensure that multiturn requests alternate between user and model. key=${KEY}`);
    const translated = translateGoogleError(error, ctx);
    expect(translated.code).toBe('upstream_bad_request');
    expect(translated.message).toContain('alternate between user and model');
    expect(translated.message).not.toContain(KEY);
    expect((translated.cause as Error).message).not.toContain(KEY);
  });
});

describe('translateGoogleError (fetch and body failures)', () => {
  it('network failure → upstream_unreachable; abort/timeout → upstream_timeout', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(translateGoogleError(refused, ctx).code).toBe('upstream_unreachable');
    expect(translateGoogleError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), ctx).code).toBe('upstream_timeout');
    const controller = new AbortController();
    controller.abort();
    expect(translateGoogleError(new Error('anything'), { ...ctx, signal: controller.signal }).code).toBe('upstream_timeout');
  });

  it('an unparsable 200 → upstream_bad_response; our own bugs are not "unreachable"', () => {
    expect(translateGoogleError(new SyntaxError('Unexpected token <'), ctx).code).toBe('upstream_bad_response');
    expect(translateGoogleError(new TypeError("Cannot read properties of undefined (reading 'x')"), ctx).code).toBe('upstream_error');
  });

  it('non-JSON error bodies still classify by status', () => {
    expect(translateGoogleHttpError(502, '<html>Bad gateway</html>', ctx).code).toBe('upstream_error');
    expect(translateGoogleHttpError(400, 'plain text', ctx).detail.reason).toBe('plain text');
  });
});

describe('parsing helpers', () => {
  it('parseGoogleErrorBody keeps status and details', () => {
    expect(parseGoogleErrorBody(body(429, 'RESOURCE_EXHAUSTED', 'x', [{ '@type': `${T}RetryInfo`, retryDelay: '1s' }]))).toEqual({
      message: 'x',
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': `${T}RetryInfo`, retryDelay: '1s' }],
    });
  });

  it('retryDelayMs ignores malformed durations', () => {
    expect(retryDelayMs({ details: [{ '@type': `${T}RetryInfo`, retryDelay: '2.5s' }] })).toBe(2500);
    expect(retryDelayMs({ details: [{ '@type': `${T}RetryInfo`, retryDelay: 'soon' }] })).toBeUndefined();
  });
});
