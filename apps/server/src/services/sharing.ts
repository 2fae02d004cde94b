import { BLIND_TEXTS, MESSAGES, SHARE_HASH_PATTERN, sharedChatPagePath, ZServiceResult, type TServiceResult, type TSharedChat } from '@promptpair/contract';
import { readTurnChoice } from '../db/repositories/conversations.ts';
import { readSentSettings, readSideSettings } from '../db/repositories/sent-settings.ts';
import { joinedVote } from '../db/repositories/votes.ts';
import type { LogHistoryRepository } from '../db/repositories/log-history.ts';
import type { SharesRepository } from '../db/repositories/shares.ts';
import { ApiError } from '../lib/api-error.ts';
import { namedSides } from './named-sides.ts';
import type { ServiceNames } from './scoreboard.ts';

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
export function createSharingService(deps: { shares: SharesRepository; history: LogHistoryRepository; serviceNames: ServiceNames }) {
  return {
    /** The link for a visitor's own log; another visitor's log is "not found", so ids cannot be probed. */
    async share(logId: string, visitorId: string, baseUrl: string): Promise<string> {
      const owned = await deps.history.findOwned(logId, visitorId);
      if (!owned) throw new ApiError('not_found', MESSAGES.notFound);
      // Any turn of a conversation shares the whole of it as it stands: the link is its latest
      // turn's, whose page shows every turn up to that one (docs/decisions.md, "Share links").
      const turns = owned.conversation_id === null ? [owned] : await deps.shares.conversationTurns(visitorId, owned.conversation_id);
      // A shared page names both services: a blind comparison is shared once its vote is in (a
      // blind conversation's turns once it is revealed).
      if (turns.some((turn) => turn.answer_a !== null && turn.choice === null && turn.revealed_at === null)) throw new ApiError('conflict', BLIND_TEXTS.voteBeforeSharing);
      const hash = await deps.shares.hashFor((turns.at(-1) ?? owned).id);
      return baseUrl + sharedChatPagePath(hash);
    },

    /**
     * Both results behind a hash, with the settings each side was sent with (never a key), the blind
     * vote and, for a pair other than the spec's, which service and model each side ran on.
     */
    async read(hash: string): Promise<TSharedChat | null> {
      if (!SHARE_HASH_PATTERN.test(hash)) return null;
      const row = await deps.shares.findShared(hash);
      if (!row) return null;
      const settings = readSentSettings(row.side_a_settings, row.side_b_settings);
      const vote = joinedVote(row);
      const sides = namedSides(row, deps.serviceNames);
      const sideSettings = sides ? readSideSettings(row) : undefined;
      const rows = row.conversation_id !== null && row.step !== null ? await deps.shares.conversationTurns(row.visitor_id, row.conversation_id, row.step) : [];
      // A conversation of one row is shared as the single comparison it is.
      const turns = rows.length > 1 ? rows : [];
      return {
        chatGPT: readSide(row.side_a_data),
        palmAPI: readSide(row.side_b_data),
        prompt: row.prompt_message,
        created_at: row.created_at,
        ...(settings ? { settings } : {}),
        ...(vote ? { vote } : {}),
        ...(sides ? { sides } : {}),
        ...(sideSettings ? { sideSettings } : {}),
        ...(row.conversation_id !== null && turns.length > 0
          ? {
              conversation: {
                id: row.conversation_id,
                turns: turns.map((turn) => {
                  const choice = readTurnChoice(turn.turn_choice);
                  return { turn: turn.turn ?? 1, prompt: turn.prompt_message, created_at: turn.created_at, chatGPT: readSide(turn.side_a_data), palmAPI: readSide(turn.side_b_data), ...(choice ? { choice } : {}) };
                }),
              },
            }
          : {}),
      };
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
