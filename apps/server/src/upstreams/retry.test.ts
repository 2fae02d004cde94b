import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, withRetries } from './retry.ts';
import { UpstreamError } from './types.ts';

const rateLimited = (retryAfterMs?: number) => new UpstreamError('upstream_rate_limited', 'slow down', { status: 429, retryAfterMs });
const serverError = () => new UpstreamError('upstream_error', 'boom', { status: 500 });
const options = (extra: Partial<Parameters<typeof withRetries>[1]> = {}) => ({
  maxRetries: 2,
  maxRetryDelayMs: 5_000,
  signal: new AbortController().signal,
  random: () => 1,
  ...extra,
});

/** A function failing with the given errors in turn, then answering "ok". */
function failing(...errors: Error[]) {
  return vi.fn(() => {
    const next = errors.shift();
    return next ? Promise.reject(next) : Promise.resolve('ok');
  });
}

describe('backoffMs', () => {
  it('doubles from 250 ms, caps at 4 s, and jitters between 50 and 100 %', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffMs(n, () => 1))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect(backoffMs(2, () => 0)).toBe(500);
  });
});

describe('withRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a 5xx after the backoff and returns the later success', async () => {
    const fn = failing(serverError());
    const result = withRetries(fn, options());
    await vi.advanceTimersByTimeAsync(249);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('waits exactly the Retry-After the upstream asked for', async () => {
    const fn = failing(rateLimited(3_000));
    const result = withRetries(fn, options());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
  });

  it('gives up at once when Retry-After is longer than the cap', async () => {
    const error = rateLimited(60_000);
    const fn = failing(error);
    await expect(withRetries(fn, options())).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('gives up at once when the wait would end after the deadline', async () => {
    const error = rateLimited(3_000);
    const fn = failing(error);
    await expect(withRetries(fn, options({ deadline: Date.now() + 2_000 }))).rejects.toBe(error);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('stops after maxRetries and throws the last error', async () => {
    const last = serverError();
    const fn = failing(serverError(), serverError(), last);
    const result = withRetries(fn, options());
    const settled = expect(result).rejects.toBe(last);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('does not retry non-retryable errors or foreign errors', async () => {
    const auth = new UpstreamError('upstream_auth', 'bad key', { status: 401 });
    const auths = failing(auth);
    await expect(withRetries(auths, options())).rejects.toBe(auth);
    expect(auths).toHaveBeenCalledTimes(1);
    const bug = new TypeError('bug');
    await expect(withRetries(failing(bug), options())).rejects.toBe(bug);
  });

  it('stops waiting as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const error = rateLimited(4_000);
    const fn = failing(error);
    const result = withRetries(fn, options({ signal: controller.signal }));
    const settled = expect(result).rejects.toBe(error);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('makes no attempt after the signal has fired', async () => {
    const controller = new AbortController();
    const fn = vi.fn(() => {
      controller.abort();
      return Promise.reject(serverError());
    });
    await expect(withRetries(fn, options({ signal: controller.signal }))).rejects.toMatchObject({ code: 'upstream_error' });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
