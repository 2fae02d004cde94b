import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { translateOpenAiError } from './errors.ts';

const KEY = 'sk-proj-Secret1234567890';
const ctx = { serviceName: 'ChatGPT' as const, apiKey: KEY, model: 'gpt-4o-mini' };

/** An SDK error exactly as the SDK builds it from a response (docs/wire-formats.md §1.6 bodies). */
function sdkError(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) {
  return APIError.generate(status, { error }, undefined, new Headers(headers));
}

describe('translateOpenAiError', () => {
  it('401 invalid_api_key → upstream_auth, without the masked key', () => {
    const error = sdkError(401, {
      message: 'Incorrect API key provided: sk-proj-********************7890. You can find your API key at https://platform.openai.com/account/api-keys.',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    });
    const translated = translateOpenAiError(error, ctx);
    expect(translated).toMatchObject({ code: 'upstream_auth', status: 401 });
    expect(translated.message).not.toContain('sk-');
    expect((translated.cause as Error).message).not.toMatch(/sk-proj|7890/);
  });

  it('403 → upstream_forbidden, 404 model_not_found → upstream_model with the model', () => {
    expect(translateOpenAiError(sdkError(403, { message: 'Country, region, or territory not supported' }), ctx).code).toBe(
      'upstream_forbidden',
    );
    const notFound = translateOpenAiError(
      sdkError(404, { message: 'The model `gpt-9` does not exist or you do not have access to it.', code: 'model_not_found' }),
      { ...ctx, model: 'gpt-9' },
    );
    expect(notFound).toMatchObject({ code: 'upstream_model', detail: { model: 'gpt-9' } });
    expect(notFound.message).toContain('"gpt-9"');
  });

  it('429 insufficient_quota → upstream_quota (not retryable)', () => {
    const error = sdkError(429, { message: 'You exceeded your current quota…', type: 'insufficient_quota', code: 'insufficient_quota' });
    const translated = translateOpenAiError(error, ctx);
    expect(translated.code).toBe('upstream_quota');
    expect(translated.retryable).toBe(false);
  });

  it('429 rate limit reads retry-after-ms first, then retry-after, then the message', () => {
    const body = { message: 'Rate limit reached for requests. Please try again in 20s.', type: 'requests', code: 'rate_limit_exceeded' };
    expect(translateOpenAiError(sdkError(429, body, { 'retry-after-ms': '1500.5', 'retry-after': '9' }), ctx)).toMatchObject({
      code: 'upstream_rate_limited',
      retryAfterMs: 1501,
    });
    expect(translateOpenAiError(sdkError(429, body, { 'retry-after': '9' }), ctx).retryAfterMs).toBe(9000);
    expect(translateOpenAiError(sdkError(429, body), ctx).retryAfterMs).toBe(20_000);
    expect(translateOpenAiError(sdkError(429, { message: 'slow down' }), ctx).retryAfterMs).toBeUndefined();
  });

  it('400 → upstream_bad_request naming the param, with key-like text removed', () => {
    const error = sdkError(400, {
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead. (key sk-proj-Secret1234567890)",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
    const translated = translateOpenAiError(error, ctx);
    expect(translated.code).toBe('upstream_bad_request');
    expect(translated.detail.reason).toMatch(/^max_tokens: Unsupported parameter/);
    expect(translated.message).toContain("Use 'max_completion_tokens' instead");
    expect(translated.message).not.toContain(KEY);
  });

  it('5xx → upstream_error (retryable), 504 → upstream_timeout', () => {
    expect(translateOpenAiError(sdkError(500, { message: 'The server had an error' }), ctx)).toMatchObject({
      code: 'upstream_error',
      retryable: true,
    });
    expect(translateOpenAiError(sdkError(503, { message: 'Slow down' }), ctx).code).toBe('upstream_error');
    expect(translateOpenAiError(sdkError(504, {}), ctx).code).toBe('upstream_timeout');
  });

  it('timeouts and aborts → upstream_timeout; connection failures → upstream_unreachable', () => {
    expect(translateOpenAiError(new APIConnectionTimeoutError(), ctx).code).toBe('upstream_timeout');
    expect(translateOpenAiError(new APIUserAbortError(), ctx).code).toBe('upstream_timeout');
    const controller = new AbortController();
    controller.abort();
    expect(translateOpenAiError(new Error('whatever'), { ...ctx, signal: controller.signal }).code).toBe('upstream_timeout');
    expect(translateOpenAiError(new APIConnectionError({ message: 'Connection error.' }), ctx)).toMatchObject({
      code: 'upstream_unreachable',
      retryable: true,
    });
  });

  it('an unparsable 200 body → upstream_bad_response', () => {
    expect(translateOpenAiError(new SyntaxError('Unexpected token'), ctx).code).toBe('upstream_bad_response');
  });
});
