// The Google adapter's waits, against the clock: RetryInfo waited out, a hang ended by the budget.
import type { TBardSettings } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../index.ts';
import { signal, upstreamFailure, useFakeUpstream } from '../test/harness.ts';

const KEY = 'AIzaSyFakeGoodKey0123456789abcdefgh';
const { fake, config } = useFakeUpstream();
const generate = (settings: TBardSettings, overrides = {}) =>
  createAdapters(config(overrides)).google.generate({ prompt: 'Name a colour.', settings, apiKey: KEY, signal: signal() });

/** Generation calls only: a PaLM answer is followed by two countMessageTokens calls (palm-count.ts). */
const generations = () => fake().requests.filter((r) => !r.path.includes(':count'));

describe.each([
  ['gemini', { model: 'gemini-3-flash-preview' }],
  ['palm', { model: 'chat-bison-001' }],
] as const)('%s, timed', (service, model) => {
  it('429 with RetryInfo within the cap: waits for it, then succeeds', async () => {
    fake().script(service, { status: 429, retryAfterSeconds: 1 });
    const result = await generate(model);
    const [first, second] = generations();
    expect(generations()).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(result.message).not.toBe('');
  });

  it('a hanging upstream → upstream_timeout within timeoutMs, well before the harness\'s 5 s budget', async () => {
    fake().script(service, { hang: true });
    const started = Date.now();
    expect((await upstreamFailure(generate(model, { timeoutMs: 300 }), KEY)).code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
