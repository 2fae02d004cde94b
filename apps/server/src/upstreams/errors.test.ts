import { describe, expect, it } from 'vitest';
import { assertKey, isAbort, parseRetryAfter, parseRetryHint, safeReason, scrubSecrets, upstreamError } from './errors.ts';

describe('scrubSecrets', () => {
  it('removes the exact key and key-shaped strings, masked or not', () => {
    const text = 'key my-secret-key, sk-proj-abc123XYZ, sk-abc***********wxyz, AIzaSyA1234567890abcdefghij, url ?key=zzz&alt=sse';
    const scrubbed = scrubSecrets(text, 'my-secret-key');
    expect(scrubbed).not.toMatch(/my-secret-key|sk-|AIza|zzz/);
    expect(scrubbed).toContain('?key=[redacted]&alt=sse');
  });

  it('leaves ordinary text alone', () => {
    expect(scrubSecrets('API key not valid. Please pass a valid API key.')).toBe('API key not valid. Please pass a valid API key.');
  });
});

describe('safeReason', () => {
  it('flattens whitespace, truncates and returns undefined for nothing', () => {
    expect(safeReason('  a\n\n b ')).toBe('a b');
    expect(safeReason('x'.repeat(500))).toHaveLength(240);
    expect(safeReason('   ')).toBeUndefined();
    expect(safeReason(undefined)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, fractions and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('parseRetryHint', () => {
  it('reads the hint both providers put in messages', () => {
    expect(parseRetryHint('Rate limit reached ... Please try again in 20s. Visit ...')).toBe(20_000);
    expect(parseRetryHint('Please try again in 350ms.')).toBe(350);
    expect(parseRetryHint('Quota exceeded. Please retry in 45.578569677s.')).toBe(45_579);
    expect(parseRetryHint('no hint')).toBeUndefined();
  });
});

describe('upstreamError', () => {
  it('uses the contract text, with the wait rounded up in seconds', () => {
    const error = upstreamError('upstream_rate_limited', { serviceName: 'ChatGPT' }, { status: 429, retryAfterMs: 2_500 });
    expect(error.message).toBe('ChatGPT is rate limiting this API key. Try again in 3 s.');
    expect(error.retryable).toBe(true);
  });

  it('keeps a scrubbed copy of the cause only', () => {
    const error = upstreamError('upstream_error', { serviceName: 'Palm API', apiKey: 'k-123456' }, { cause: new Error('boom k-123456') });
    expect((error.cause as Error).message).toBe('boom [redacted]');
  });
});

describe('isAbort', () => {
  it('recognises our signal and fetch abort/timeout errors', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbort(new Error('x'), controller.signal)).toBe(true);
    expect(isAbort(new DOMException('t', 'TimeoutError'))).toBe(true);
    expect(isAbort(new DOMException('a', 'AbortError'))).toBe(true);
    expect(isAbort(new Error('x'))).toBe(false);
  });
});

describe('assertKey', () => {
  it('refuses a missing or blank key as upstream_auth', () => {
    expect(() => assertKey({ serviceName: 'ChatGPT', apiKey: '  ' })).toThrow(expect.objectContaining({ code: 'upstream_auth' }));
    expect(() => assertKey({ serviceName: 'Palm API' })).toThrow(expect.objectContaining({ code: 'upstream_auth' }));
    expect(() => assertKey({ serviceName: 'Palm API', apiKey: 'k' })).not.toThrow();
  });
});
