import { z } from 'zod';
import { ZVote } from './blind.ts';
import { ZAnthropicSettings } from '../kinds/anthropic.ts';
import { ZBardSettings, ZChatGptSettings, ZServiceResult } from './comparison.ts';
import { ZTurnChoice } from './conversation.ts';
import { ZPairSideInfo } from './pair.ts';

export const ZShareRequest = z.object({
  logId: z
    .string({ error: 'logId is required.' })
    .trim()
    .min(1, { error: 'logId is required.' })
    .max(100, { error: 'logId is not the id of a comparison (at most 100 characters).' }),
});
export type TShareRequest = z.infer<typeof ZShareRequest>;

export const ZShareResponse = z.object({ url: z.string() });
export type TShareResponse = z.infer<typeof ZShareResponse>;

/** URL-safe share hash: 22+ base64url characters carry at least 128 random bits. */
export const SHARE_HASH_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The settings a side was sent with, as kept with its log: the request's, without key or logOutput. */
export const ZSentSettings = z.object({
  chatGPT: ZChatGptSettings.omit({ apiKey: true, logOutput: true }).nullable(),
  palmAPI: ZBardSettings.omit({ apiKey: true, logOutput: true }).nullable(),
});
export type TSentSettings = z.infer<typeof ZSentSettings>;

/**
 * What one side of a general pair was sent with, read through its own kind's schema (never a key,
 * never logOutput): an Anthropic side keeps its system prompt, top-k and stop sequences, which the
 * spec's two schemas above would drop. An OpenAI-compatible side speaks OpenAI's format.
 */
export const ZSideSentSettings = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('openai'), settings: ZChatGptSettings.omit({ apiKey: true, logOutput: true }) }),
  z.object({ kind: z.literal('google'), settings: ZBardSettings.omit({ apiKey: true, logOutput: true }) }),
  z.object({ kind: z.literal('anthropic'), settings: ZAnthropicSettings.omit({ apiKey: true, logOutput: true }) }),
  z.object({ kind: z.literal('openai-compatible'), settings: ZChatGptSettings.omit({ apiKey: true, logOutput: true }) }),
]);
export type TSideSentSettings = z.infer<typeof ZSideSentSettings>;
/** Each side's sent settings by its kind, for a pair other than the spec's; null for a side that kept none. */
export const ZSidesSentSettings = z.object({ a: ZSideSentSettings.nullable(), b: ZSideSentSettings.nullable() });
export type TSidesSentSettings = z.infer<typeof ZSidesSentSettings>;

/** One turn of a shared conversation: its prompt and both sides' results (side a is `chatGPT`). */
export const ZSharedTurn = z.object({
  turn: z.number().int(),
  prompt: z.string(),
  created_at: z.string(),
  chatGPT: ZServiceResult,
  palmAPI: ZServiceResult,
  /** What the visitor chose for the turn (carry, only or regenerate a side); absent for a plain turn. */
  choice: ZTurnChoice.optional(),
});
export type TSharedTurn = z.infer<typeof ZSharedTurn>;

/** GET /api/chat/{hash} (docs/product.md §3): both results, read-only. The prompt is included for context. */
export const ZSharedChat = z.object({
  chatGPT: ZServiceResult,
  palmAPI: ZServiceResult,
  prompt: z.string().optional(),
  created_at: z.string().optional(),
  /** What each side was sent with, never a key; absent for comparisons made before. */
  settings: ZSentSettings.optional(),
  /** For a pair other than the spec's: each side's settings read by its own kind (never a key). */
  sideSettings: ZSidesSentSettings.optional(),
  /** The blind vote, when the comparison was blind and voted on. */
  vote: ZVote.nullable().optional(),
  /**
   * Which service and model each side ran on, for a pair other than the spec's (side a is `chatGPT`,
   * side b `palmAPI`); absent for the spec's pair, whose titles the page keeps.
   */
  sides: z.object({ a: ZPairSideInfo, b: ZPairSideInfo }).optional(),
  /**
   * A conversation's turns in order, up to the turn that was the latest when it was shared (the
   * top-level prompt and results are that turn's); absent for a single comparison.
   */
  conversation: z.object({ id: z.string(), turns: z.array(ZSharedTurn) }).optional(),
});
export type TSharedChat = z.infer<typeof ZSharedChat>;

