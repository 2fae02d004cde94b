// The price table's shape and how an operator's rows merge over the built-in ones.
// The built-in rows live in each service's dated catalog on the server (docs/keeping-models-current.md);
// an operator can override rows without a release through PRICES_FILE.
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

/** Tokens an answer was billed for: the prompt (history included) and what came back (thinking included). */
export const ZTokenUsage: z.ZodType<TTokenUsage> = z.object({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  reasoningTokens: z.number().int().min(0).optional(),
});

/** Merges an operator's rows over the defaults: a row given replaces that model's row whole. */
export function mergePrices(defaults: TPriceTable, overrides: TPriceTable): TPriceTable {
  return { ...defaults, ...overrides };
}

