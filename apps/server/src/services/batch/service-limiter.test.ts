import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceLimiter } from './service-limiter.ts';

const signal = new AbortController().signal;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Starts `count` acquisitions and reports how many got a slot so far. */
function contend(limiter: ServiceLimiter, count: number, on = signal) {
  let granted = 0;
  const all = Array.from({ length: count }, () => limiter.acquire(on).then(() => granted++));
  return { granted: () => granted, all };
}

describe('ServiceLimiter', () => {
  it('grants up to its maximum at once and the next slot on release', async () => {
    const limiter = new ServiceLimiter(3);
    const waiting = contend(limiter, 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.granted()).toBe(3);
    limiter.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.granted()).toBe(4);
  });

  it('on a 429 halves the limit once, holds new calls for Retry-After, then ramps back up', async () => {
    const limiter = new ServiceLimiter(8);
    limiter.onRateLimited(1000);
    limiter.onRateLimited(1000); // a second answer of the same burst does not cut again
    expect(limiter.limit).toBe(4);
    const waiting = contend(limiter, 6);
    await vi.advanceTimersByTimeAsync(999);
    expect(waiting.granted()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.granted()).toBe(4);
    for (let i = 0; i < 4; i++) {
      limiter.release();
      limiter.onSuccess();
    }
    expect(limiter.limit).toBe(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.granted()).toBe(6);
  });

  it('never goes below one call at a time', () => {
    const limiter = new ServiceLimiter(2);
    for (let i = 0; i < 5; i++) {
      limiter.onRateLimited(10);
      vi.advanceTimersByTime(11);
    }
    expect(limiter.limit).toBe(1);
  });

  it('lets a stopped run leave the queue', async () => {
    const limiter = new ServiceLimiter(1);
    await limiter.acquire(signal);
    const stop = new AbortController();
    const waiting = limiter.acquire(stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    limiter.release();
    await expect(limiter.acquire(signal)).resolves.toBeUndefined();
  });
});
