// createAdapters: one budget per call (retries and waits included) and the caller's signal.
import { describe, expect, it } from 'vitest';
import { createAdapters } from './index.ts';
import { GOOD_KEY, useFakeUpstream } from './test/harness.ts';

const { fake, config } = useFakeUpstream();

describe('createAdapters', () => {
  it('applies the budget to model lists too', async () => {
    const models = await createAdapters(config()).openai.listModels(GOOD_KEY, new AbortController().signal);
    expect(models).toContain('gpt-4o-mini');
  });
});

describe('empty keys', () => {
  it('are refused without calling the upstream (no SDK env fallback)', async () => {
    const adapters = createAdapters(config());
    const input = { prompt: 'Hi', settings: {}, apiKey: '', signal: new AbortController().signal };
    await expect(adapters.openai.generate(input)).rejects.toMatchObject({ code: 'upstream_auth' });
    await expect(adapters.google.generate(input)).rejects.toMatchObject({ code: 'upstream_auth' });
    await expect(adapters.google.listModels('', input.signal)).rejects.toMatchObject({ code: 'upstream_auth' });
    expect(fake().requests).toHaveLength(0);
  });
});
