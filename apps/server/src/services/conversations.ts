// A conversation's history, read back from its visitor's logged turns (docs/decisions.md,
// "Conversations"): per side its service, model, first-turn settings (opening messages in the
// kind's format, never a key) and its own exchanges in the general roles, which the pair's edge
// maps into the kind's format with the same mapping as opening messages.
import { CONVERSATION_MESSAGES, parseLogSide, type TPairMessage, type TPairSideName } from '@promptpair/contract';
import type { ConversationsRepository, LoggedTurn } from '../db/repositories/conversations.ts';
import { ApiError } from '../lib/api-error.ts';

export interface ConversationLimits {
  maxTurns: number;
  maxHistoryChars: number;
}

/** One side of a conversation so far. */
export interface SideHistory {
  service: string;
  model: string | null;
  /** What the first turn was sent with (its kind's format, key and logOutput left out). */
  settings: Record<string, unknown>;
  /** The side's own exchanges: each user turn it answered, then its answer. */
  exchanges: TPairMessage[];
  /** The first turn's 'log output', kept for every turn. */
  logOutput: boolean;
}

export interface ConversationSoFar {
  id: string;
  nextTurn: number;
  /** The last turn's user message (what a regenerated side is asked again). */
  lastPrompt: string;
  a: SideHistory;
  b: SideHistory;
}

const settingsOf = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});

/**
 * A side's exchanges: a turn it was not asked, or failed to answer, is left out whole, so the
 * history alternates user and answer as every kind requires and the side is never shown an answer
 * it did not give.
 */
function exchangesOf(turns: readonly LoggedTurn[], side: TPairSideName): TPairMessage[] {
  return turns.flatMap((turn) => {
    const result = parseLogSide(side === 'a' ? turn.aJson : turn.bJson);
    if (!result || result.skipped || result.errorMsg || result.stopped || !result.message) return [];
    return [{ role: 'user' as const, content: turn.prompt }, { role: 'assistant' as const, content: result.message }];
  });
}

/** Characters a side would send: opening messages and system prompt, its exchanges and the new message. */
export function historyChars(settings: Record<string, unknown>, exchanges: readonly TPairMessage[], prompt: string): number {
  const opening = Array.isArray(settings.messages) ? (settings.messages as { content?: unknown }[]) : [];
  const openingChars = opening.reduce((sum, message) => sum + (typeof message.content === 'string' ? message.content.length : 0), 0);
  const system = typeof settings.system === 'string' ? settings.system.length : 0;
  return openingChars + system + exchanges.reduce((sum, message) => sum + message.content.length, 0) + prompt.length;
}

export function createConversationService(repository: ConversationsRepository, limits: ConversationLimits) {
  return {
    limits,
    /** The visitor's conversation so far, or a 404 (unknown, or someone else's: the same answer); a 422 past the turn limit. */
    async soFar(visitorId: string, conversationId: string): Promise<ConversationSoFar> {
      const turns = await repository.turnsOf(visitorId, conversationId);
      const first = turns[0];
      if (!first) throw new ApiError('not_found', CONVERSATION_MESSAGES.notFound);
      const nextTurn = (turns.at(-1)?.turn ?? 0) + 1;
      if (nextTurn > limits.maxTurns) throw new ApiError('validation_failed', CONVERSATION_MESSAGES.tooManyTurns(limits.maxTurns), { conversationId: [CONVERSATION_MESSAGES.tooManyTurns(limits.maxTurns)] });
      const side = (name: TPairSideName): SideHistory => ({
        ...first.sides[name],
        settings: settingsOf(name === 'a' ? first.aSettings : first.bSettings),
        exchanges: exchangesOf(turns, name),
        logOutput: first.logOutput[name],
      });
      return { id: conversationId, nextTurn, lastPrompt: turns.at(-1)?.prompt ?? first.prompt, a: side('a'), b: side('b') };
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
