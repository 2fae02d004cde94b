import { z } from 'zod';
import { ZServiceResult } from './comparison.ts';

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

/** GET /api/chat/{hash} (SPEC §3): both results, read-only. The prompt is included for context. */
export const ZSharedChat = z.object({
  chatGPT: ZServiceResult,
  palmAPI: ZServiceResult,
  prompt: z.string().optional(),
  created_at: z.string().optional(),
});
export type TSharedChat = z.infer<typeof ZSharedChat>;
