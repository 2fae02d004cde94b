// List prices per model and the arithmetic of an answer's cost (issue #11). The table is data:
// to update it, change a row (and its takenOn); an operator can override rows without a release
// through PRICES_FILE (the server merges that file over these defaults).
import { z } from 'zod';
import type { TModelPrice, TPriceTable, TTokenUsage } from './cost.ts';

/** One model's list price, in US dollars per million tokens. */
export const ZModelPrice: z.ZodType<TModelPrice> = z.object({
  inputPerMTok: z.number({ error: 'inputPerMTok must be a number.' }).min(0, { error: 'inputPerMTok cannot be negative.' }),
  outputPerMTok: z.number({ error: 'outputPerMTok must be a number.' }).min(0, { error: 'outputPerMTok cannot be negative.' }),
  /** The day the price was read, YYYY-MM-DD. */
  takenOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'takenOn must be a date written YYYY-MM-DD.' }),
  /** Where it was read: a page address or a plain description. */
  source: z.string().trim().min(1, { error: 'source cannot be empty.' }).max(500),
});

/** Model id → price. Ids are as the services list them, without the `models/` prefix. */
export const ZPriceTable: z.ZodType<TPriceTable> = z.record(z.string().trim().min(1).max(200), ZModelPrice);

const OPENAI_SOURCE = 'OpenAI API pricing page (openai.com/api/pricing), standard tier';
const GEMINI_SOURCE = 'Gemini Developer API pricing page (ai.google.dev/gemini-api/docs/pricing), paid tier, prompts up to 200k tokens';
const OPENAI_TAKEN = '2025-07-01';
const GEMINI_TAKEN = '2025-07-01';

const openai = (inputPerMTok: number, outputPerMTok: number): TModelPrice => ({ inputPerMTok, outputPerMTok, takenOn: OPENAI_TAKEN, source: OPENAI_SOURCE });
const gemini = (inputPerMTok: number, outputPerMTok: number): TModelPrice => ({ inputPerMTok, outputPerMTok, takenOn: GEMINI_TAKEN, source: GEMINI_SOURCE });

/**
 * Default prices for the models the page lists (FALLBACK_MODELS and what the services list).
 * The legacy PaLM chat-bison-001 was priced per character and is shut down: it has no row on
 * purpose, so its answers say "price unknown" rather than a made-up figure.
 */
export const DEFAULT_PRICES: TPriceTable = {
  'gpt-4o-mini': openai(0.15, 0.6),
  'gpt-4o': openai(2.5, 10),
  'gpt-4.1': openai(2, 8),
  'gpt-4.1-mini': openai(0.4, 1.6),
  'gpt-4.1-nano': openai(0.1, 0.4),
  'gpt-4-turbo': openai(10, 30),
  'gpt-4': openai(30, 60),
  'gpt-3.5-turbo': openai(0.5, 1.5),
  'o1': openai(15, 60),
  'o3': openai(2, 8),
  'o3-mini': openai(1.1, 4.4),
  'o4-mini': openai(1.1, 4.4),
  'gemini-2.5-pro': gemini(1.25, 10),
  'gemini-2.5-flash': gemini(0.3, 2.5),
  'gemini-2.5-flash-lite': gemini(0.1, 0.4),
  'gemini-2.0-flash': gemini(0.1, 0.4),
  'gemini-2.0-flash-lite': gemini(0.075, 0.3),
  'gemini-1.5-pro': gemini(1.25, 5),
  'gemini-1.5-flash': gemini(0.075, 0.3),
};

/** Tokens an answer was billed for: the prompt (history included) and what came back (thinking included). */
export const ZTokenUsage: z.ZodType<TTokenUsage> = z.object({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
});

/** Merges an operator's rows over the defaults: a row given replaces that model's row whole. */
export function mergePrices(defaults: TPriceTable, overrides: TPriceTable): TPriceTable {
  return { ...defaults, ...overrides };
}

