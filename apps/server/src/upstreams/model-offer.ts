// Which models one service offers and which one a side gets when it names none, from the service's
// live list (or its dated fallback) and the facts of its catalog. Written per service, not per
// column, so a registry of services can call it for any service that has a catalog.
import type { TModelChoice, TServiceModels } from '@promptpair/contract';

/** A model as a service's list gives it. */
export interface ListedModel {
  id: string;
  /** The day the service stops answering for it, YYYY-MM-DD (OpenAI's `shutdown_date`). */
  shutdownDate?: string | undefined;
  /** When the service published it, in seconds (OpenAI's `created`); orders the list newest first. */
  created?: number | undefined;
}

/** What a service's catalog file knows, dated (docs/keeping-models-current.md). */
export interface ServiceCatalog {
  /** The day the facts were read, YYYY-MM-DD. */
  checkedOn: string;
  /** Cheapest good model first: the default is the first of these the service lists. */
  preference: readonly string[];
  /** Shown when no key can read the live list. */
  fallback: readonly ListedModel[];
  /** Models the service has shut down, with the day: named in the message a side gets when one is asked for. */
  retired: Readonly<Record<string, string>>;
  /** True for models that reason before answering (their panel offers effort or a thinking budget). */
  reasons(id: string): boolean;
}

export interface OfferOptions {
  /** Today, YYYY-MM-DD: a model whose shutdown date is today or earlier is not offered. */
  today: string;
  /** The operator's DEFAULT_MODEL_… (used when the list holds it). */
  operatorDefault?: string | undefined;
  /** The operator's OFFERED_MODELS_… (the page offers only these, as far as the list holds them). */
  operatorOffer?: readonly string[] | undefined;
}

export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Numbers in an id, for ordering ids without a `created` time: gemini-3-pro before gemini-2.5-pro. */
function versionKey(id: string): number[] {
  return (id.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
}

function newerFirst(a: ListedModel, b: ListedModel): number {
  if (a.created !== undefined && b.created !== undefined && a.created !== b.created) return b.created - a.created;
  const [ka, kb] = [versionKey(a.id), versionKey(b.id)];
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const diff = (kb[i] ?? -1) - (ka[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return a.id.localeCompare(b.id);
}

/**
 * The models the page offers (newest first, none past its shutdown date, only the operator's
 * choice when one is set) and the default: the operator's if offered, else the first preferred
 * model offered, else the newest. Empty `models` only when the list holds nothing usable.
 */
export function offerModels(listed: readonly ListedModel[], catalog: ServiceCatalog, options: OfferOptions): TServiceModels {
  const allowed = options.operatorOffer && options.operatorOffer.length > 0 ? new Set(options.operatorOffer) : undefined;
  const seen = new Set<string>();
  const usable = listed.filter((model) => {
    if (seen.has(model.id)) return false;
    seen.add(model.id);
    if (model.shutdownDate !== undefined && model.shutdownDate <= options.today) return false;
    return !allowed || allowed.has(model.id);
  });
  const models: TModelChoice[] = [...usable].sort(newerFirst).map((model) => ({
    id: model.id,
    ...(model.shutdownDate ? { retiresOn: model.shutdownDate } : {}),
    reasons: catalog.reasons(model.id),
  }));
  const ids = new Set(models.map((model) => model.id));
  const preferred = [options.operatorDefault, ...catalog.preference].find((id) => id !== undefined && ids.has(id));
  return { defaultModel: preferred ?? models[0]?.id ?? null, models };
}

/**
 * The model a call that names none gets when nothing asked the live list (a direct adapter call):
 * the first preferred model of the dated fallback list, else its first.
 */
export function builtInDefault(catalog: Pick<ServiceCatalog, 'preference' | 'fallback'>): string {
  const ids = catalog.fallback.map((model) => model.id);
  return catalog.preference.find((id) => ids.includes(id)) ?? ids[0] ?? catalog.preference[0] ?? '';
}

/** The shutdown day of a model this catalog knows as retired, if it is past by `today`. */
export function retiredOn(catalog: ServiceCatalog, id: string, today: string): string | undefined {
  const day = catalog.retired[id.replace(/^models\//, '')];
  return day !== undefined && day <= today ? day : undefined;
}
