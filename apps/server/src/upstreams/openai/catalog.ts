// OpenAI models as OpenAI published them on 2026-11-27: which one a side gets when it names none,
// which ones the picker shows when the list cannot be read, which reason, which are shut down,
// and list prices. Data: to update it, change a row and the date (docs/keeping-models-current.md).
import type { TModelPrice, TPriceTable } from '@promptpair/contract';
import { builtInDefault, type ListedModel, type ServiceCatalog } from '../model-offer.ts';

export const OPENAI_CATALOG_CHECKED_ON = '2026-11-27';
const SOURCE = 'OpenAI API pricing page (openai.com/api/pricing), standard tier';
/** Where shutdown days are read (the `…_RETIRED` rows and the fallback's `shutdownDate`). */
export const DEPRECATIONS_SOURCE = 'OpenAI deprecations page (platform.openai.com/docs/deprecations)';

const price = (inputPerMTok: number, outputPerMTok: number, note?: string): TModelPrice => ({
  inputPerMTok, outputPerMTok, takenOn: OPENAI_CATALOG_CHECKED_ON, source: note ? `${SOURCE}; ${note}` : SOURCE,
});

/** Ids as the API names them; findPrice also prices their dated snapshots (gpt-5-2025-08-07). */
export const OPENAI_PRICES: TPriceTable = {
  'gpt-5.1': price(1.25, 10),
  'gpt-5': price(1.25, 10),
  'gpt-5-mini': price(0.25, 2),
  'gpt-5-nano': price(0.05, 0.4),
  'gpt-5.1-chat-latest': price(1.25, 10),
  'gpt-5-chat-latest': price(1.25, 10),
  'o3': price(2, 8),
  'o4-mini': price(1.1, 4.4),
  'o1': price(15, 60),
  'gpt-4.1-nano': price(0.1, 0.4),
  // Retiring on 2027-01-14 (DEPRECATIONS_SOURCE); priced until then.
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4o': price(2.5, 10),
  'gpt-4o-mini': price(0.15, 0.6),
};

/**
 * Context windows in tokens (prompt and answer together), as each model's page on OpenAI's models
 * documentation (platform.openai.com/docs/models) gives them; a model not here is not checked.
 */
export const OPENAI_CONTEXT_TOKENS: Readonly<Record<string, number>> = {
  'gpt-5.1': 400_000,
  'gpt-5': 400_000,
  'gpt-5-mini': 400_000,
  'gpt-5-nano': 400_000,
  'gpt-5.1-chat-latest': 128_000,
  'gpt-5-chat-latest': 128_000,
  'o3': 200_000,
  'o4-mini': 200_000,
  'o1': 200_000,
  'gpt-4.1': 1_047_576,
  'gpt-4.1-mini': 1_047_576,
  'gpt-4.1-nano': 1_047_576,
  'gpt-4o': 128_000,
  'gpt-4o-mini': 128_000,
};

/** Cheapest good model first, so free prompts on the operator's key stay cheap. */
export const OPENAI_MODEL_PREFERENCE = ['gpt-5-mini', 'gpt-5.1'] as const;

/** Shut down, and the day (DEPRECATIONS_SOURCE): a call for one is a 404 `model_not_found`. */
export const OPENAI_RETIRED: Readonly<Record<string, string>> = {
  'gpt-3.5-turbo': '2026-10-23',
  'o3-mini': '2026-10-23',
};

/** Announced shutdowns of models still served (DEPRECATIONS_SOURCE), for the fallback list. */
const RETIRING_2027_01_14 = '2027-01-14';

/** Shown in the picker when no key can read the live list: current names, newest first. */
export const OPENAI_FALLBACK_MODELS: readonly ListedModel[] = [
  { id: 'gpt-5.1' },
  { id: 'gpt-5' },
  { id: 'gpt-5-mini' },
  { id: 'gpt-5-nano' },
  { id: 'o4-mini' },
  { id: 'o3' },
  { id: 'gpt-4.1', shutdownDate: RETIRING_2027_01_14 },
  { id: 'gpt-4o-mini', shutdownDate: RETIRING_2027_01_14 },
];

/**
 * Models that reason before answering: the o-series and the gpt-5 family, except the
 * `-chat-latest` aliases, which are the non-reasoning chat models of ChatGPT.
 */
export function isOpenAiReasoningModel(model: string): boolean {
  const id = model.toLowerCase().replace(/^.*\//, '');
  return /^o\d/.test(id) || (/^gpt-5/.test(id) && !id.includes('chat'));
}

export const OPENAI_CATALOG: ServiceCatalog = {
  checkedOn: OPENAI_CATALOG_CHECKED_ON,
  preference: OPENAI_MODEL_PREFERENCE,
  fallback: OPENAI_FALLBACK_MODELS,
  retired: OPENAI_RETIRED,
  reasons: isOpenAiReasoningModel,
};

/** What a call naming no model gets when the live list was not asked (model-offer.ts, builtInDefault). */
export const OPENAI_BUILT_IN_DEFAULT = builtInDefault(OPENAI_CATALOG);
