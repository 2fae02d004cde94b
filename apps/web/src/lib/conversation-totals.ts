import { sumCosts, type TServiceResult } from '@promptpair/contract';

/** One side's running totals over a conversation's turns. */
export interface SideTotal {
  answers: number;
  tokens: number;
  /** Known costs added up, and how many answers had no known price. */
  cost: { total: number; unknown: number };
}

/** Tokens an answer was billed for: its total, or its tokens in and out when only those are known. */
const tokensOf = (result: TServiceResult) => result.tokens ?? (result.usage ? result.usage.inputTokens + result.usage.outputTokens : 0);

/** The totals of a side's answers (the caller leaves out errors and turns the side was not asked). */
export function sideTotal(answers: readonly TServiceResult[]): SideTotal {
  return { answers: answers.length, tokens: answers.reduce((sum, result) => sum + tokensOf(result), 0), cost: sumCosts(answers.map((result) => result.cost)) };
}
