import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { translateAnthropicError } from './errors.ts';

const KEY = 'sk-ant-api03-Secret1234567890';
const ctx = { serviceName: 'Claude', apiKey: KEY, model: 'claude-sonnet-4-6' };

/** An SDK error exactly as the SDK builds it from a response: `{type: 'error', error: {type, message}}`. */
function sdkError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return APIError.generate(status, { type: 'error', error: { type, message } }, undefined, new Headers(headers));
}

describe('translateAnthropicError', () => {
  it.each([
    [401, 'authentication_error', 'upstream_auth'],
    [402, 'billing_error', 'upstream_quota'],
    [403, 'permission_error', 'upstream_forbidden'],
    [404, 'not_found_error', 'upstream_model'],
    [429, 'rate_limit_error', 'upstream_rate_limited'],
    [500, 'api_error', 'upstream_error'],
    [504, 'timeout_error', 'upstream_timeout'],
    [529, 'overloaded_error', 'upstream_error'],
  ])('%i %s → %s', (status, type, code) => {
    expect(translateAnthropicError(sdkError(status, type, 'x'), ctx)).toMatchObject({ code, status });
  });

  it('529 and 500 are retryable; 401 and quota are not', () => {
    expect(translateAnthropicError(sdkError(529, 'overloaded_error', 'Overloaded'), ctx).retryable).toBe(true);
    expect(translateAnthropicError(sdkError(401, 'authentication_error', 'invalid x-api-key'), ctx).retryable).toBe(false);
    expect(translateAnthropicError(sdkError(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.'), ctx)).toMatchObject({ code: 'upstream_quota', retryable: false });
  });

  it('429 reads retry-after-ms first, then retry-after', () => {
    expect(translateAnthropicError(sdkError(429, 'rate_limit_error', 'slow', { 'retry-after-ms': '1500', 'retry-after': '9' }), ctx).retryAfterMs).toBe(1500);
    expect(translateAnthropicError(sdkError(429, 'rate_limit_error', 'slow', { 'retry-after': '9' }), ctx).retryAfterMs).toBe(9000);
    expect(translateAnthropicError(sdkError(429, 'rate_limit_error', 'slow'), ctx).retryAfterMs).toBeUndefined();
  });

  it('400 → upstream_bad_request with the service words, key-like text removed', () => {
    const error = translateAnthropicError(sdkError(400, 'invalid_request_error', `max_tokens: Field required (key ${KEY})`), ctx);
    expect(error).toMatchObject({ code: 'upstream_bad_request', detail: { reason: 'max_tokens: Field required (key [redacted])' } });
    expect(error.message).toBe('Claude rejected the request: max_tokens: Field required (key [redacted])');
    expect((error.cause as Error).message).not.toContain('Secret');
  });

  it('an error event after a 200 (no status): overloaded is retryable, an unknown type is a bad response', () => {
    const event = (type: string) => new APIError(undefined, { type: 'error', error: { type, message: 'x' } }, undefined, new Headers(), type as never);
    expect(translateAnthropicError(event('overloaded_error'), ctx)).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(translateAnthropicError(event('rate_limit_error'), ctx).code).toBe('upstream_rate_limited');
    expect(translateAnthropicError(event('invalid_request_error'), ctx).code).toBe('upstream_bad_response');
  });

  it('timeouts, aborts, lost connections and unreadable bodies', () => {
    expect(translateAnthropicError(new APIConnectionTimeoutError(), ctx).code).toBe('upstream_timeout');
    expect(translateAnthropicError(new APIUserAbortError(), ctx).code).toBe('upstream_timeout');
    expect(translateAnthropicError(new APIConnectionError({ message: 'Connection error.' }), ctx).code).toBe('upstream_unreachable');
    expect(translateAnthropicError(new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } }), ctx).code).toBe('upstream_unreachable');
    expect(translateAnthropicError(new SyntaxError('Unexpected end of JSON input'), ctx).code).toBe('upstream_bad_response');
  });
});
