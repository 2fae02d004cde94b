// A conversation's history, read back from its visitor's logged turns (docs/decisions.md,
// "Conversations"): per side its service, model, first-turn settings (opening messages in the
// kind's format, never a key) and the exchanges it is to be sent this turn in the general roles,
// which the pair's edge maps into the kind's format with the same mapping as opening messages.
// The turns' choices are replayed in order: a carried answer takes the other side's place, a
// regenerated one its own side's.
import { CONVERSATION_MESSAGES, parseLogSide, type TPairMessage, type Side, type TTurnChoice } from '@promptpair/contract';
import type { ConversationsRepository, LoggedTurn } from '../db/repositories/conversations.ts';
import { ApiError } from '../lib/api-error.ts';

export interface ConversationLimits {
  maxTurns: number;
  maxHistoryChars: number;
}

/** One side of a conversation, as this turn sends it. */
export interface SideHistory {
  service: string;
  model: string | null;
  /** What the first turn was sent with (its kind's format, key and logOutput left out). */
  settings: Record<string, unknown>;
  /** What this side is sent before the prompt: each earlier user turn, then the answer its history holds. */
  exchanges: TPairMessage[];
  /** The first turn's 'log output', kept for every turn. */
  logOutput: boolean;
}

export interface ConversationSoFar {
  id: string;
  /** The turn this row answers: the next one, or the last one again when regenerating. */
  turn: number;
  /** The row's place in the conversation (migration 015): one more than the last row's. */
  step: number;
  /** The message this turn asks: none for a new turn (the visitor sends it), the last turn's own when regenerating. */
  prompt?: string;
  choice?: TTurnChoice;
  a: SideHistory;
  b: SideHistory;
}

/** One exchange of a side's history: the turn it belongs to, its user message and the answer the history holds. */
interface Exchange {
  turn: number;
  prompt: string;
  answer: string;
}
type Histories = Record<Side, Exchange[]>;

const settingsOf = (json: string | null): Record<string, unknown> => (json ? (JSON.parse(json) as Record<string, unknown>) : {});
const otherSide = (side: Side): Side => (side === 'a' ? 'b' : 'a');

/** The side's answer on a logged turn; none when it was not asked, failed or was stopped. */
function answerOf(turn: LoggedTurn, side: Side): string | null {
  const result = parseLogSide(side === 'a' ? turn.aJson : turn.bJson);
  if (!result || result.skipped || result.errorMsg || result.stopped || !result.message) return null;
  return result.message;
}

/** Puts `exchange` last in `history`: in place of the exchange of its turn if the history ends with one. */
function setLast(history: Exchange[], exchange: Exchange): void {
  if (history.at(-1)?.turn === exchange.turn) history[history.length - 1] = exchange;
  else history.push(exchange);
}

/** `from`'s answer to the last turn becomes `to`'s too (a carry): none when `from` has no answer to it. */
function carried(histories: Histories, from: Side, lastTurn: number): boolean {
  const last = histories[from].at(-1);
  if (last?.turn !== lastTurn) return false;
  setLast(histories[otherSide(from)], { ...last });
  return true;
}

/**
 * Each side's history after the logged turns, replayed in order. A turn a side was not asked, or
 * failed to answer, is left out whole, so the history alternates user and answer as every kind
 * requires; a carry puts the carried answer in the other side's history before that turn's own
 * exchanges; a regenerated answer takes the place of its side's answer to that turn (a failed
 * regeneration leaves the earlier answer).
 */
function replay(turns: readonly LoggedTurn[]): Histories {
  const histories: Histories = { a: [], b: [] };
  let lastTurn = 0;
  for (const turn of turns) {
    const add = (side: Side) => {
      const answer = answerOf(turn, side);
      if (answer !== null) setLast(histories[side], { turn: turn.turn, prompt: turn.prompt, answer });
    };
    if (turn.choice?.kind === 'regenerate') add(turn.choice.side);
    else {
      if (turn.choice?.kind === 'carry') carried(histories, turn.choice.side, lastTurn);
      add('a');
      add('b');
    }
    lastTurn = turn.turn;
  }
  return histories;
}

const asMessages = (exchanges: readonly Exchange[]): TPairMessage[] =>
  exchanges.flatMap(({ prompt, answer }) => [{ role: 'user' as const, content: prompt }, { role: 'assistant' as const, content: answer }]);

/** Characters a side would send: opening messages and system prompt, its exchanges and the new message. */
export function historyChars(settings: Record<string, unknown>, exchanges: readonly TPairMessage[], prompt: string): number {
  const opening = Array.isArray(settings.messages) ? (settings.messages as { content?: unknown }[]) : [];
  const openingChars = opening.reduce((sum, message) => sum + (typeof message.content === 'string' ? message.content.length : 0), 0);
  const system = typeof settings.system === 'string' ? settings.system.length : 0;
  return openingChars + system + exchanges.reduce((sum, message) => sum + message.content.length, 0) + prompt.length;
}

/** The settings that cap one answer's tokens, by their names in the sides' settings (0: left out). */
const MAX_OUTPUT_SETTINGS = ['maxLength', 'maxOutputTokens', 'maxTokens'] as const;

/**
 * Tokens a side would use, estimated from characters so it needs no tokenizer: a quarter of the
 * characters, rounded up (about right for English; where it errs low, the service's own refusal
 * is answered as that side's error), plus the answer's
 * token cap when the side sets one, since the window holds the answer too.
 */
export function historyTokens(settings: Record<string, unknown>, exchanges: readonly TPairMessage[], prompt: string): number {
  const cap = MAX_OUTPUT_SETTINGS.map((name) => settings[name]).find((value): value is number => typeof value === 'number' && value > 0) ?? 0;
  return Math.ceil(historyChars(settings, exchanges, prompt) / 4) + cap;
}

const refuse = (message: string, field: string) => new ApiError('validation_failed', message, { [field]: [message] });

export function createConversationService(repository: ConversationsRepository, limits: ConversationLimits) {
  // Follow-ups of one conversation being answered on this instance: a second one sent meanwhile
  // would read the same history, so it is refused (409) before anything is claimed or sent.
  const inProgress = new Set<string>();
  return {
    limits,
    /**
     * Holds the conversation for one follow-up, or refuses (409) while another is answered here; the
     * returned release may be called more than once. Across instances the log's unique step refuses
     * the later write instead (its answers shown, unsaved).
     */
    hold(visitorId: string, conversationId: string): () => void {
      // By visitor too: someone else's id is never held up here, and answers 404 as before.
      const key = `${visitorId} ${conversationId}`;
      if (inProgress.has(key)) throw new ApiError('conflict', CONVERSATION_MESSAGES.turnInProgress, { conversationId: [CONVERSATION_MESSAGES.turnInProgress] });
      inProgress.add(key);
      let held = true;
      return () => {
        if (held) inProgress.delete(key);
        held = false;
      };
    },
    /**
     * The visitor's conversation as this turn sends it, or a 404 (unknown, or someone else's: the
     * same answer); a 422 past the turn limit, or for a side with no answer to regenerate or carry.
     */
    async soFar(visitorId: string, conversationId: string, choice?: TTurnChoice): Promise<ConversationSoFar> {
      const turns = await repository.turnsOf(visitorId, conversationId);
      const first = turns[0];
      const last = turns.at(-1);
      if (!first || !last) throw new ApiError('not_found', CONVERSATION_MESSAGES.notFound);
      const histories = replay(turns);
      let prompt: string | undefined;
      if (choice?.kind === 'regenerate') {
        // Asked again with the history it had before that turn: its last exchange is taken off.
        const own = histories[choice.side];
        if (own.at(-1)?.turn !== last.turn) throw refuse(CONVERSATION_MESSAGES.nothingToRegenerate(choice.side), 'regenerate');
        prompt = own.pop()?.prompt;
      } else if (last.turn + 1 > limits.maxTurns) {
        throw refuse(CONVERSATION_MESSAGES.tooManyTurns(limits.maxTurns), 'conversationId');
      } else if (choice?.kind === 'carry' && !carried(histories, choice.side, last.turn)) {
        throw refuse(CONVERSATION_MESSAGES.nothingToCarry(choice.side), 'carry');
      }
      const side = (name: Side): SideHistory => ({
        ...first.sides[name],
        settings: settingsOf(name === 'a' ? first.aSettings : first.bSettings),
        exchanges: asMessages(histories[name]),
        logOutput: first.logOutput[name],
      });
      return {
        id: conversationId,
        turn: choice?.kind === 'regenerate' ? last.turn : last.turn + 1,
        step: last.step + 1,
        ...(prompt === undefined ? {} : { prompt }),
        ...(choice ? { choice } : {}),
        a: side('a'),
        b: side('b'),
      };
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
