// Model lists for the pickers (docs/product.md §7 list-models routes, and GET /api/models), read with the
// operators' keys and cached: the lists change rarely and every page load asks for them. What is
// offered and which model is the default is model-offer.ts's business, per service.
import type { TServiceModels } from '@promptpair/contract';
import { GOOGLE_CATALOG } from './google/catalog.ts';
import { offerModels, todayIso, type ListedModel, type ServiceCatalog } from './model-offer.ts';
import { OPENAI_CATALOG } from './openai/catalog.ts';
import type { BardAdapter, ChatGptAdapter } from './types.ts';

export interface ModelCatalogKeys {
  openai?: string | undefined;
  google?: string | undefined;
}

/** The operator's DEFAULT_MODEL_… and OFFERED_MODELS_… of one service. */
export interface OperatorModelChoice {
  defaultModel?: string | undefined;
  offered?: readonly string[] | undefined;
}

export interface ModelCatalog {
  /** Ids a service's picker offers, newest first (the spec's list routes). */
  modelIds(service: CatalogService): Promise<string[]>;
  /** One service's offer: models with their retirement days, and its default. */
  offer(service: CatalogService): Promise<TServiceModels>;
}

/** A fallback is kept only briefly so a recovered upstream (or a fixed key) shows up soon. */
export const FALLBACK_TTL_MS = 30_000;

/** The services whose lists this catalog keeps (the spec's pair, by id), each read with its kind's adapter and operator key, against its kind's catalog. */
const CATALOG_KIND = { chatgpt: 'openai', palm: 'google' } as const satisfies Record<string, keyof ModelCatalogKeys>;

export type CatalogService = keyof typeof CATALOG_KIND;

export const isCatalogService = (serviceId: string): serviceId is CatalogService => Object.hasOwn(CATALOG_KIND, serviceId);

const KIND_CATALOGS: Readonly<Record<keyof ModelCatalogKeys, ServiceCatalog>> = { openai: OPENAI_CATALOG, google: GOOGLE_CATALOG };

type ListingAdapter = Pick<ChatGptAdapter | BardAdapter, 'listModels' | 'listModelEntries'>;

/**
 * One cached list per service. Concurrent callers share one in-flight fetch; a failure, a
 * missing key or an empty list gives the catalog's dated fallback (cached FALLBACK_TTL_MS).
 * Never rejects. `onError` lets the caller log why the fallback was used; `today` is the clock
 * a shutdown date is compared with.
 */
export function createModelCatalog(
  adapters: Record<keyof ModelCatalogKeys, ListingAdapter>,
  keys: ModelCatalogKeys,
  ttlMs = 5 * 60_000,
  options: {
    onError?: (service: CatalogService, error: unknown) => void;
    operator?: Partial<Record<CatalogService, OperatorModelChoice>>;
    today?: () => string;
  } = {},
): ModelCatalog {
  const cache = new Map<CatalogService, { models: ListedModel[]; expiresAt: number }>();
  const inFlight = new Map<CatalogService, Promise<ListedModel[]>>();
  const today = options.today ?? (() => todayIso());

  async function fetchList(service: CatalogService): Promise<{ models: ListedModel[]; ttl: number }> {
    const kind = CATALOG_KIND[service];
    const key = keys[kind];
    const fallback = { models: KIND_CATALOGS[kind].fallback.map((model) => ({ ...model })), ttl: FALLBACK_TTL_MS };
    if (!key) return fallback;
    try {
      // No visitor waits on a specific request here; the adapters' own budget bounds the call.
      const adapter = adapters[kind];
      const signal = new AbortController().signal;
      const models = adapter.listModelEntries
        ? await adapter.listModelEntries(key, signal)
        : (await adapter.listModels(key, signal)).map((id) => ({ id }));
      return models.length > 0 ? { models, ttl: ttlMs } : fallback;
    } catch (error) {
      options.onError?.(service, error);
      return fallback;
    }
  }

  function listed(service: CatalogService): Promise<ListedModel[]> {
    const cached = cache.get(service);
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.models);
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
    return pending;
  }

  async function offer(service: CatalogService): Promise<TServiceModels> {
    const choice = options.operator?.[service];
    return offerModels(await listed(service), KIND_CATALOGS[CATALOG_KIND[service]], {
      today: today(),
      operatorDefault: choice?.defaultModel,
      operatorOffer: choice?.offered,
    });
  }
  return {
    modelIds: async (service) => (await offer(service)).models.map((model) => model.id),
    offer,
  };
}
