// The one place that says which models a service offers on the operator's key: the model pickers
// (GET /api/services) and the check on free prompts both ask here. The spec's pair keeps the model
// catalog's behaviour (upstreams/model-catalog.ts); a kind with a list of its own is read with the
// operator's key and cached the same way; a declared service offers what it declares.
import { FALLBACK_TTL_MS, isCatalogService, type ModelCatalog } from '../upstreams/model-catalog.ts';
import type { RegisteredService, ServiceRegistry } from './service-registry.ts';

/** The models a service offers on the operator's key, and the one a side gets when it names none. */
export interface OfferedModels {
  (serviceId: string): Promise<string[]>;
  /** Today's default: the model catalog's for the spec's pair; else the kind's or declared default while listed, else the first listed. */
  defaultModel(serviceId: string): Promise<string | undefined>;
}

const LIST_TTL_MS = 5 * 60_000;

export function createOfferedModels(
  registry: ServiceRegistry,
  catalog: Pick<ModelCatalog, 'modelIds' | 'offer'>,
  options: { onError?: (serviceId: string, error: unknown) => void } = {},
): OfferedModels {
  const cache = new Map<string, { models: string[]; expiresAt: number }>();
  const inFlight = new Map<string, Promise<string[]>>();

  async function fetchList(service: RegisteredService): Promise<{ models: string[]; ttl: number }> {
    const fallback = { models: [...service.entry.fallbackModels], ttl: FALLBACK_TTL_MS };
    const operator = service.route.operator;
    if (!operator) return fallback;
    try {
      const models = await operator.adapter.listModels(operator.apiKey, new AbortController().signal);
      return models.length > 0 ? { models, ttl: LIST_TTL_MS } : fallback;
    } catch (error) {
      options.onError?.(service.id, error);
      return fallback;
    }
  }

  function listed(service: RegisteredService): Promise<string[]> {
    const cached = cache.get(service.id);
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve([...cached.models]);
    let pending = inFlight.get(service.id);
    if (!pending) {
      pending = fetchList(service)
        .then(({ models, ttl }) => {
          cache.set(service.id, { models, expiresAt: Date.now() + ttl });
          return models;
        })
        .finally(() => inFlight.delete(service.id));
      inFlight.set(service.id, pending);
    }
    return pending.then((models) => [...models]);
  }

  const models = async (serviceId: string): Promise<string[]> => {
    if (isCatalogService(serviceId)) return catalog.modelIds(serviceId);
    const service = registry.get(serviceId);
    if (!service) return [];
    if (service.declaredModels) return [...service.declaredModels];
    return listed(service);
  };
  const defaultModel = async (serviceId: string): Promise<string | undefined> => {
    if (isCatalogService(serviceId)) return (await catalog.offer(serviceId)).defaultModel ?? undefined;
    const service = registry.get(serviceId);
    if (!service) return undefined;
    const offered = await models(serviceId);
    return offered.includes(service.defaultModel) ? service.defaultModel : (offered[0] ?? service.defaultModel);
  };
  return Object.assign(models, { defaultModel });
}
