// Costs of answers: price lookup, arithmetic and wording. No zod here, so the page can
// use it without loading zod; the schemas and the default table are in pricing.ts.

/** One model's list price, in US dollars per million tokens (ZModelPrice in pricing.ts checks it). */
export interface TModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  /** The day the price was read, YYYY-MM-DD. */
  takenOn: string;
  /** Where it was read: a page address or a plain description. */
  source: string;
}
export type TPriceTable = Record<string, TModelPrice>;

/** Tokens an answer was billed for: the prompt (history included) and what came back (thinking included). */
export interface TTokenUsage {
  inputTokens: number;
  outputTokens: number;
  /** Of the output, tokens the model spent reasoning (OpenAI's reasoning_tokens, Gemini's thoughtsTokenCount), when it says. */
  reasoningTokens?: number | undefined;
}

/** A dated snapshot or version suffix: -2024-07-18, -0125, -001, -latest. */
const VERSION_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{4}|\d{3}|latest)$/;

/**
 * The price of a model: its exact id first, then its family (the id without a dated or
 * numbered version suffix, as the services report snapshots: gpt-4o-mini-2024-07-18 is priced as
 * gpt-4o-mini). Never a prefix match, so gpt-4o-mini is not priced as gpt-4o. Undefined when unknown.
 */
export function findPrice(table: TPriceTable, model: string | null | undefined): TModelPrice | undefined {
  return findModelFact(table, model);
}

/** A fact about a model (its price, its context window) found as findPrice finds prices. */
export function findModelFact<T>(table: Readonly<Record<string, T>>, model: string | null | undefined): T | undefined {
  if (!model) return undefined;
  const id = model.trim().replace(/^models\//, '');
  const exact = table[id];
  if (exact) return exact;
  const family = id.replace(VERSION_SUFFIX, '');
  return family !== id ? table[family] : undefined;
}

/** US dollars, rounded to a millionth of a dollar so sums and downloads stay exact enough and short. */
export function costOf(price: TModelPrice, usage: TTokenUsage): number {
  const dollars = (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(dollars * 1_000_000) / 1_000_000;
}

/** The cost of an answer, or null when its model has no known price or its tokens are unknown (never 0 for "unknown"). */
export function answerCost(table: TPriceTable, model: string | null | undefined, usage: TTokenUsage | null | undefined): number | null {
  const price = findPrice(table, model);
  return price && usage ? costOf(price, usage) : null;
}

/** Adds the known costs and counts the unknown ones, so a total can say it leaves some out. */
export function sumCosts(costs: readonly (number | null | undefined)[]): { total: number; unknown: number } {
  let total = 0;
  let unknown = 0;
  for (const cost of costs) {
    if (typeof cost === 'number') total += cost;
    else unknown += 1;
  }
  return { total: Math.round(total * 1_000_000) / 1_000_000, unknown };
}

/** "$0.000123", "$1.23", or the plain words for an unknown price. */
export function formatCost(cost: number | null | undefined): string {
  if (typeof cost !== 'number') return COST_TEXTS.unknown;
  if (cost === 0) return '$0';
  // Two significant figures below a cent (answers often cost fractions of one), four decimals above.
  return cost >= 0.01 ? `$${cost.toFixed(4).replace(/0{1,2}$/, '')}` : `$${Number(cost.toPrecision(2))}`;
}

export const COST_TEXTS = {
  unknown: 'price unknown',
  estimateOwnKey: 'Cost is an estimate at list prices; your own account may be billed differently.',
  estimate: 'Estimated at list prices.',
  runningTotal: 'Running total',
} as const;
