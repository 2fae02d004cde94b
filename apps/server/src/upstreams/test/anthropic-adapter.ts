// Shared set-up of the Anthropic adapter's tests: the adapter over the product's HTTP client, with
// the per-call budget and retries, against the fake upstream's Anthropic simulator.
import type { TAnthropicSettings } from '@promptpair/contract';
import { withBudget } from '../index.ts';
import { createUpstreamFetch } from '../http/upstream-fetch.ts';
import { GOOD_KEY, signal, useFakeUpstream } from './harness.ts';
import type { GenerateInput, UpstreamConfig } from '../types.ts';
import { createAnthropicAdapter } from '../anthropic/adapter.ts';

export function useAnthropicAdapter() {
  const harness = useFakeUpstream();
  const fetch = createUpstreamFetch();
  const adapter = (overrides: Partial<UpstreamConfig> = {}, modelsPageSize?: number) => {
    const config = harness.config({ fetch, ...overrides });
    return withBudget(createAnthropicAdapter(config, { baseUrl: harness.fake().anthropicBaseUrl, modelsPageSize }), config);
  };
  const generate = (settings: TAnthropicSettings, options: { overrides?: Partial<UpstreamConfig>; apiKey?: string; onText?: (text: string) => void } = {}) => {
    const input: GenerateInput<TAnthropicSettings> = { prompt: 'Name a colour.', settings, apiKey: options.apiKey ?? GOOD_KEY, signal: signal() };
    return adapter(options.overrides).generate(options.onText ? { ...input, onText: options.onText } : input);
  };
  return { ...harness, adapter, generate };
}
