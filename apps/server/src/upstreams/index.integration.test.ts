// createAdapters: one budget per call (retries and waits included) and the caller's signal.
import { describe, expect, it } from 'vitest';
import { createAdapters } from './index.ts';
import { GOOD_KEY, upstreamFailure, useFakeUpstream } from './test/harness.ts';

const { fake, config } = useFakeUpstream();

describe('createAdapters', () => {
  it('stops at once when the caller aborts (client gone)', async () => {
    fake().script('openai', { hang: true });
    const controller = new AbortController();
    const call = createAdapters(config()).chatGPT.generate({ prompt: 'Hi', settings: {}, apiKey: GOOD_KEY, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    expect((await upstreamFailure(call, GOOD_KEY)).code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('keeps retries inside timeoutMs', async () => {
    fake().script('gemini', { status: 503, latencyMs: 300 }, Infinity);
    const adapters = createAdapters(config({ timeoutMs: 1_000, maxRetries: 10 }));
    const started = Date.now();
    const call = adapters.bard.generate({ prompt: 'Hi', settings: {}, apiKey: GOOD_KEY, signal: new AbortController().signal });
    const error = await upstreamFailure(call, GOOD_KEY);
    expect(['upstream_error', 'upstream_timeout']).toContain(error.code);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fake().requests.length).toBeGreaterThan(1);
    expect(fake().requests.length).toBeLessThan(5);
  });

  it('applies the budget to model lists too', async () => {
    const models = await createAdapters(config()).chatGPT.listModels(GOOD_KEY, new AbortController().signal);
    expect(models).toContain('gpt-4o-mini');
  });
});

describe('empty keys', () => {
  it('are refused without calling the upstream (no SDK env fallback)', async () => {
    const adapters = createAdapters(config());
    const input = { prompt: 'Hi', settings: {}, apiKey: '', signal: new AbortController().signal };
    await expect(adapters.chatGPT.generate(input)).rejects.toMatchObject({ code: 'upstream_auth' });
    await expect(adapters.bard.generate(input)).rejects.toMatchObject({ code: 'upstream_auth' });
    await expect(adapters.bard.listModels('', input.signal)).rejects.toMatchObject({ code: 'upstream_auth' });
    expect(fake().requests).toHaveLength(0);
  });
});
