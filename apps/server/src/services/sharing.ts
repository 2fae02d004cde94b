import { MESSAGES, SHARE_HASH_PATTERN, sharedChatPagePath, ZServiceResult, type TServiceResult, type TSharedChat } from '@promptpair/contract';
import type { LogHistoryRepository } from '../db/repositories/log-history.ts';
import type { SharesRepository } from '../db/repositories/shares.ts';
import { ApiError } from '../lib/api-error.ts';

/** A stored side as the result box shows it; a row that cannot be read shows as an empty answer. */
function readSide(json: string): TServiceResult {
  try {
    const parsed = ZServiceResult.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the empty answer.
  }
  return { message: null, tokens: null, rawOutput: null, errorMsg: null, elapsedTime: 0 };
}

/** Share links: only the visitor who made a comparison can publish it; anyone with the link can read it. */
export function createSharingService(deps: { shares: SharesRepository; history: LogHistoryRepository }) {
  return {
    /** The link for a visitor's own log; another visitor's log is "not found", so ids cannot be probed. */
    async share(logId: string, visitorId: string, baseUrl: string): Promise<string> {
      const owned = await deps.history.findOwned(logId, visitorId);
      if (!owned) throw new ApiError('not_found', MESSAGES.notFound);
      const hash = await deps.shares.hashFor(owned.id);
      return baseUrl + sharedChatPagePath(hash);
    },

    /** Both results behind a hash (the stored answer only: keys and settings were never stored). */
    async read(hash: string): Promise<TSharedChat | null> {
      if (!SHARE_HASH_PATTERN.test(hash)) return null;
      const row = await deps.shares.findShared(hash);
      if (!row) return null;
      return { chatGPT: readSide(row.chatgpt_data), palmAPI: readSide(row.palm_data), prompt: row.prompt_message, created_at: row.created_at };
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
