// Gemini models as Google published them on 2026-11-27: which one a side gets when it names none,
// which ones the picker shows when the list cannot be read, which think, which are shut down, and
// list prices. Data: to update it, change a row and the date (docs/keeping-models-current.md).
// Google's list drops a model once it is shut down, so no shutdown day reaches the picker from it.
import type { TModelPrice, TPriceTable } from '@promptpair/contract';
import { builtInDefault, type ListedModel, type ServiceCatalog } from '../model-offer.ts';

export const GOOGLE_CATALOG_CHECKED_ON = '2026-11-27';
const SOURCE = 'Gemini Developer API pricing page (ai.google.dev/gemini-api/docs/pricing), paid tier, prompts up to 200k tokens';
/** Where shutdown days are read (the `…_RETIRED` rows and the fallback's `shutdownDate`). */
export const DEPRECATIONS_SOURCE = 'Gemini API deprecations page (ai.google.dev/gemini-api/docs/deprecations)';

const price = (inputPerMTok: number, outputPerMTok: number, note?: string): TModelPrice => ({
  inputPerMTok, outputPerMTok, takenOn: GOOGLE_CATALOG_CHECKED_ON, source: note ? `${SOURCE}; ${note}` : SOURCE,
});

/**
 * Ids without the `models/` prefix. The legacy PaLM chat-bison-001 was priced per character: it
 * has no row on purpose, so its answers say "price unknown" rather than a made-up figure.
 */
export const GOOGLE_PRICES: TPriceTable = {
  'gemini-3-pro-preview': price(2, 12, 'output includes thinking tokens'),
  'gemini-3-flash-preview': price(0.5, 3, 'output includes thinking tokens'),
};

/**
 * Input token limits (a model's `inputTokenLimit` in the API's model list and its model page);
 * a model not here is not checked. PaLM's are small: chat-bison-001 reads 4,096 tokens.
 */
export const GOOGLE_CONTEXT_TOKENS: Readonly<Record<string, number>> = {
  'gemini-3-pro-preview': 1_048_576,
  'gemini-3-flash-preview': 1_048_576,
  'chat-bison-001': 4_096,
  'text-bison-001': 8_196,
};

/** Cheapest good model first, so free prompts on the operator's key stay cheap. */
export const GOOGLE_MODEL_PREFERENCE = ['gemini-3-flash', 'gemini-3-flash-preview'] as const;

/** Shut down, and the day (DEPRECATIONS_SOURCE): a call for one is a 404 NOT_FOUND. */
export const GOOGLE_RETIRED: Readonly<Record<string, string>> = {
  'gemini-2.0-flash': '2026-06-01',
  'gemini-2.0-flash-lite': '2026-06-01',
  'gemini-2.5-flash': '2026-06-17',
  'gemini-2.5-pro': '2026-06-17',
};

/** Shown in the picker when no key can read the live list: current names, newest first. */
export const GOOGLE_FALLBACK_MODELS: readonly ListedModel[] = [
  { id: 'gemini-3-pro-preview' },
  { id: 'gemini-3-flash-preview' },
];

/** Gemini 2.5 and later think before answering (thinkingConfig); PaLM and older Gemini do not. */
export function isGeminiThinkingModel(model: string): boolean {
  const id = model.toLowerCase().replace(/^models\//, '');
  const version = /^gemini-(\d+(?:\.\d+)?)/.exec(id)?.[1];
  return version !== undefined && Number(version) >= 2.5 && !/(tts|image|embedding)/.test(id);
}

export const GOOGLE_CATALOG: ServiceCatalog = {
  checkedOn: GOOGLE_CATALOG_CHECKED_ON,
  preference: GOOGLE_MODEL_PREFERENCE,
  fallback: GOOGLE_FALLBACK_MODELS,
  retired: GOOGLE_RETIRED,
  reasons: isGeminiThinkingModel,
};

/** What a call naming no model gets when the live list was not asked (model-offer.ts, builtInDefault). */
export const GOOGLE_BUILT_IN_DEFAULT = builtInDefault(GOOGLE_CATALOG);
