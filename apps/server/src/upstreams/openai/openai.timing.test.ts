// The OpenAI adapter's waits, against the clock: a Retry-After waited out, a hang ended by the budget.
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../index.ts';
import { GOOD_KEY, signal, upstreamFailure, useFakeUpstream } from '../test/harness.ts';

const { fake, config } = useFakeUpstream();
const generate = (settings: object, overrides = {}, apiKey = GOOD_KEY) =>
  createAdapters(config(overrides)).openai.generate({ prompt: 'Name a colour.', settings, apiKey, signal: signal() });

describe('OpenAI adapter, timed', () => {
  it('429 with Retry-After within the cap: waits for it, then succeeds', async () => {
    fake().script('openai', { status: 429, retryAfterSeconds: 1 });
    const result = await generate({});
    const [first, second] = fake().requests;
    expect(fake().requests).toHaveLength(2);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(result.message).not.toBe('');
  });

  it('a hanging upstream → upstream_timeout within timeoutMs, well before the harness\'s 5 s budget', async () => {
    fake().script('openai', { hang: true });
    const started = Date.now();
    expect((await upstreamFailure(generate({}, { timeoutMs: 300 }), GOOD_KEY)).code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
