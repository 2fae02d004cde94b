// Claude models as Anthropic published them on 2026-11-27: which one a side gets when it names
// none, which ones the dropdown shows when the list cannot be read, each one's output limit,
// context window and sampling rule, and list prices. Data: to update it, change a row and the date.
import type { TModelPrice, TPriceTable } from '@promptpair/contract';

export const ANTHROPIC_CATALOG_CHECKED_ON = '2026-11-27';
const SOURCE = "Anthropic's models overview and model pages (platform.claude.com/docs/en/about-claude/models), standard tier";

interface ClaudeModelFacts {
  /** Most tokens one answer may hold (the largest max_tokens the model accepts). */
  maxOutputTokens: number;
  /** Claude 4.7 and later accept only the default sampling values: a temperature other than 1, top_p or top_k is refused. */
  samplingDefaultsOnly: boolean;
  /** The context window in tokens (prompt and answer together), the standard one the models overview gives. */
  contextTokens: number;
  price: TModelPrice;
}

const price = (inputPerMTok: number, outputPerMTok: number, note?: string): TModelPrice => ({
  inputPerMTok, outputPerMTok, takenOn: ANTHROPIC_CATALOG_CHECKED_ON, source: note ? `${SOURCE}; ${note}` : SOURCE,
});
const current = (input: number, output: number, note?: string): ClaudeModelFacts => ({ maxOutputTokens: 128_000, samplingDefaultsOnly: true, contextTokens: 200_000, price: price(input, output, note) });
const haiku45: ClaudeModelFacts = { maxOutputTokens: 64_000, samplingDefaultsOnly: false, contextTokens: 200_000, price: price(1, 5) };

/** Ids as the API names them in answers: aliases and dated snapshots both, since findPrice matches exact ids. */
export const CLAUDE_MODELS: Readonly<Record<string, ClaudeModelFacts>> = {
  'claude-fable-5-2': current(8, 40),
  'claude-fable-5-1': current(10, 50),
  'claude-opus-5-5': current(4, 20),
  'claude-sonnet-5-5': current(2, 10),
  'claude-haiku-5-5': current(0.1, 0.5, 'the rate for prompts up to 100,000 tokens; longer prompts are billed higher'),
  'claude-opus-5': current(5, 25),
  'claude-sonnet-5': current(2, 10),
  'claude-opus-4-8': current(5, 25),
  'claude-opus-4-7': current(5, 25),
  'claude-opus-4-6': { ...current(5, 25), samplingDefaultsOnly: false },
  'claude-sonnet-4-6': { ...current(3, 15), samplingDefaultsOnly: false },
  'claude-haiku-4-5': haiku45,
  'claude-haiku-4-5-20251001': haiku45,
};

/** List prices of every model above, as a price table (an operator's PRICES_FILE can override rows). */
export const ANTHROPIC_PRICES: TPriceTable = Object.fromEntries(Object.entries(CLAUDE_MODELS).map(([id, facts]) => [id, facts.price]));

/** Context windows by model id, as a table like the prices. */
export const ANTHROPIC_CONTEXT_TOKENS: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(CLAUDE_MODELS).map(([id, facts]) => [id, facts.contextTokens]));

/**
 * The model a side gets when it names none, first one the service lists: the cheapest current
 * model first, as gpt-4o-mini and Gemini Flash are for the other two services, so free prompts
 * on the operator's key stay cheap.
 */
export const ANTHROPIC_MODEL_PREFERENCE = ['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-haiku-4-5', 'claude-sonnet-4-6'] as const;
export const DEFAULT_ANTHROPIC_MODEL = ANTHROPIC_MODEL_PREFERENCE[0];

/** Shown in the dropdown when the service's list cannot be read. */
export const ANTHROPIC_FALLBACK_MODELS = ['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-sonnet-4-6', 'claude-haiku-4-5'] as const;

/** The first preferred model the service lists, else the first it lists, else the default. */
export function pickDefaultAnthropicModel(listed: readonly string[]): string {
  return ANTHROPIC_MODEL_PREFERENCE.find((id) => listed.includes(id)) ?? listed[0] ?? DEFAULT_ANTHROPIC_MODEL;
}
