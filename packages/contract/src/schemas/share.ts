import { z } from 'zod';
import { ZVote } from './blind.ts';
import { ZBardSettings, ZChatGptSettings, ZServiceResult } from './comparison.ts';
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

/** GET /api/chat/{hash} (docs/product.md §3): both results, read-only. The prompt is included for context. */
export const ZSharedChat = z.object({
  chatGPT: ZServiceResult,
  palmAPI: ZServiceResult,
  prompt: z.string().optional(),
  created_at: z.string().optional(),
  /** What each side was sent with, never a key; absent for comparisons made before. */
  settings: ZSentSettings.optional(),
  /** The blind vote, when the comparison was blind and voted on. */
  vote: ZVote.nullable().optional(),
  /**
   * Which service and model each side ran on, for a pair other than the spec's (side a is `chatGPT`,
   * side b `palmAPI`); absent for the spec's pair, whose titles the page keeps.
   */
  sides: z.object({ a: ZPairSideInfo, b: ZPairSideInfo }).optional(),
});
export type TSharedChat = z.infer<typeof ZSharedChat>;

