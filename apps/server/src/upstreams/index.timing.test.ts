// createAdapters against the clock: the caller's signal and the call's budget end a call in time.
// Each bound sits far from what it guards against (the harness's 5 s budget, twenty retries).
import { describe, expect, it } from 'vitest';
import { createAdapters } from './index.ts';
import { GOOD_KEY, upstreamFailure, useFakeUpstream } from './test/harness.ts';

const { fake, config } = useFakeUpstream();

describe('createAdapters, timed', () => {
  it('stops at once when the caller aborts (client gone), long before the 5 s budget', async () => {
    fake().script('openai', { hang: true });
    const controller = new AbortController();
    const call = createAdapters(config()).openai.generate({ prompt: 'Hi', settings: {}, apiKey: GOOD_KEY, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect((await upstreamFailure(call, GOOD_KEY)).code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('keeps retries inside timeoutMs', async () => {
    // Twenty retries of a 300 ms failure, with their backoffs, would take well over 10 s.
    fake().script('gemini', { status: 503, latencyMs: 300 }, Infinity);
    const adapters = createAdapters(config({ timeoutMs: 3_000, maxRetries: 20 }));
    const started = Date.now();
    const call = adapters.google.generate({ prompt: 'Hi', settings: {}, apiKey: GOOD_KEY, signal: new AbortController().signal });
    const error = await upstreamFailure(call, GOOD_KEY);
    expect(['upstream_error', 'upstream_timeout']).toContain(error.code);
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(fake().requests.length).toBeGreaterThan(1);
    expect(fake().requests.length).toBeLessThanOrEqual(10);
  });
});
