// Entry point of the upstream layer: adapters with the per-call budget and retries applied,
// so routes call `generate` / `listModels` and get a Generation or an UpstreamError.
import { createGoogleAdapter } from './google/adapter.ts';
import { createOpenAiAdapter } from './openai/adapter.ts';
import { callBudget } from './call-budget.ts';
import { withRetries } from './retry.ts';
import { createUpstreamFetch } from './http/upstream-fetch.ts';
import type { BardAdapter, ChatGptAdapter, ServiceAdapter, UpstreamConfig } from './types.ts';

export type { BardAdapter, ChatGptAdapter, GenerateInput, Generation, ServiceAdapter, UpstreamConfig } from './types.ts';
export { UpstreamError } from './types.ts';
export { withRetries } from './retry.ts';
export type { RetryOptions } from './retry.ts';
export { createModelCatalog } from './model-catalog.ts';
import { GOOGLE_BUILT_IN_DEFAULT } from './google/catalog.ts';
import { OPENAI_BUILT_IN_DEFAULT } from './openai/catalog.ts';
/** What a call naming no model gets when no live list was read (each kind's catalog's dated fallback). */
export const BUILT_IN_DEFAULT_MODELS = { openai: OPENAI_BUILT_IN_DEFAULT, google: GOOGLE_BUILT_IN_DEFAULT } as const;
export type { ModelCatalog, ModelCatalogKeys } from './model-catalog.ts';

/** One adapter per built-in kind the spec's pair runs on (ChatGPT on openai, Palm API on google). */
export interface Adapters {
  openai: ChatGptAdapter;
  google: BardAdapter;
}

/**
 * One budget per call, retries and waits included: the caller's signal (client gone) or
 * timeoutMs, whichever fires first. Both the attempts and the waits between them watch it.
 */
export function withBudget<S>(adapter: ServiceAdapter<S>, config: UpstreamConfig): ServiceAdapter<S> {
  const retry = { maxRetries: config.maxRetries, maxRetryDelayMs: config.maxRetryDelayMs };
  return {
    async generate(input) {
      const { signal, deadline, end } = callBudget(input.signal, config.timeoutMs);
      // Once text has reached the visitor a retry would write the answer twice: the error stands.
      let wrote = false;
      const onText = input.onText && ((text: string) => {
        wrote = true;
        input.onText?.(text);
      });
      try {
        return await withRetries(() => adapter.generate({ ...input, signal, onText }), { ...retry, signal, deadline, canRetry: () => !wrote });
      } finally {
        end();
      }
    },
    listModels: (apiKey, callerSignal) => listWithBudget((signal) => adapter.listModels(apiKey, signal), callerSignal),
    ...(adapter.listModelEntries
      ? { listModelEntries: (apiKey: string, callerSignal: AbortSignal) => listWithBudget((signal) => adapter.listModelEntries!(apiKey, signal), callerSignal) }
      : {}),
  };

  async function listWithBudget<T>(list: (signal: AbortSignal) => Promise<T>, callerSignal: AbortSignal): Promise<T> {
    const { signal, deadline, end } = callBudget(callerSignal, config.timeoutMs);
    try {
      return await withRetries(() => list(signal), { ...retry, signal, deadline });
    } finally {
      end();
    }
  }
}

/** Adapters over one HTTP client (http/upstream-fetch.ts, capped at maxResponseBytes) unless the config brings its own. */
export function createAdapters(options: UpstreamConfig): Adapters {
  const config = options.fetch ? options : { ...options, fetch: createUpstreamFetch({ maxResponseBytes: options.maxResponseBytes }) };
  return {
    openai: withBudget(createOpenAiAdapter(config), config),
    google: withBudget(createGoogleAdapter(config), config),
  };
}
