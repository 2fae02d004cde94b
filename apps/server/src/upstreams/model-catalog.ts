// Model lists for the engine dropdowns (SPEC §7 list-models routes), fetched with the
// operators' keys and cached: the lists change rarely and every page load asks for them.
import { FALLBACK_MODELS } from '@promptpair/contract';
import type { BardAdapter, ChatGptAdapter } from './types.ts';

export interface ModelCatalogKeys {
  openai?: string;
  google?: string;
}

export interface ModelCatalog {
  chatGPTModels(): Promise<string[]>;
  bardModels(): Promise<string[]>;
}

/** A fallback is kept only briefly so a recovered upstream (or a fixed key) shows up soon. */
export const FALLBACK_TTL_MS = 30_000;

type Service = 'chatGPT' | 'bard';

/**
 * One cached list per service. Concurrent callers share one in-flight fetch; a failure, a
 * missing key or an empty list gives FALLBACK_MODELS (cached FALLBACK_TTL_MS). Never rejects.
 * `onError` lets the caller log why the fallback was used.
 */
export function createModelCatalog(
  adapters: { chatGPT: Pick<ChatGptAdapter, 'listModels'>; bard: Pick<BardAdapter, 'listModels'> },
  keys: ModelCatalogKeys,
  ttlMs = 5 * 60_000,
  options: { onError?: (service: Service, error: unknown) => void } = {},
): ModelCatalog {
  const cache = new Map<Service, { models: string[]; expiresAt: number }>();
  const inFlight = new Map<Service, Promise<string[]>>();

  async function fetchList(service: Service): Promise<{ models: string[]; ttl: number }> {
    const key = service === 'chatGPT' ? keys.openai : keys.google;
    const fallback = { models: [...FALLBACK_MODELS[service]], ttl: FALLBACK_TTL_MS };
    if (!key) return fallback;
    try {
      // No visitor waits on a specific request here; the adapters' own budget bounds the call.
      const models = await adapters[service].listModels(key, new AbortController().signal);
      return models.length > 0 ? { models, ttl: ttlMs } : fallback;
    } catch (error) {
      options.onError?.(service, error);
      return fallback;
    }
  }

  function models(service: Service): Promise<string[]> {
    const cached = cache.get(service);
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve([...cached.models]);
    let pending = inFlight.get(service);
    if (!pending) {
      pending = fetchList(service)
        .then(({ models: list, ttl }) => {
          cache.set(service, { models: list, expiresAt: Date.now() + ttl });
          return list;
        })
        .finally(() => inFlight.delete(service));
      inFlight.set(service, pending);
    }
    return pending.then((list) => [...list]);
  }

  return { chatGPTModels: () => models('chatGPT'), bardModels: () => models('bard') };
}
