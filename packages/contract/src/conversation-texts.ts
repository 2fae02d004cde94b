// A conversation's choices and words (docs/decisions.md, "Conversations"): the choices a turn may
// be sent with, the refusals of a follow-up, and the page's reply box, turn headings, statuses and
// running totals. No zod, so the page's conversation code can use them without loading it.
import type { Side } from './sides.ts';
import { COST_TEXTS, formatCost } from './cost.ts';
import { READING_TEXTS } from './reading-texts.ts';

/**
 * What a visitor chose for a turn, recorded with it (docs/decisions.md, "Conversations"):
 * - `carry`: continue with this side's last answer on both sides: from this turn on, the other
 *   side's history holds this side's answer in place of its own (as arenas do);
 * - `only`: ask only this side; the other side's history leaves this turn out;
 * - `regenerate`: ask this side its last turn again (the same prompt, none sent); the new answer
 *   takes the place of its last one, and the other side keeps its answer. Same turn number.
 */
export const TURN_CHOICES = ['carry', 'only', 'regenerate'] as const;

/**
 * Refusals of a follow-up: the conversation is not the visitor's (404), another turn of it is still
 * being answered (409), or the turn cannot be taken (422).
 */
export const CONVERSATION_MESSAGES = {
  notFound: 'There is no such conversation among yours. Start a new comparison to begin one.',
  tooManyTurns: (max: number) => `This conversation has reached its limit of ${max} turns. Start a new conversation to go on.`,
  oneChoice: 'Choose at most one of only, carry and regenerate for a turn.',
  promptRequired: 'Write the next message to send.',
  regenerateTakesNoPrompt: 'Regenerating asks the last message again: send no prompt with it.',
  nothingToRegenerate: (side: Side) => `Side ${side} gave no answer to the last message, so there is nothing to regenerate. Send a new message instead.`,
  nothingToCarry: (side: Side) => `Side ${side} gave no answer to the last message, so there is nothing to carry to both sides. Continue without carrying, or carry the other side.`,
  turnInProgress: 'The previous message of this conversation is still being answered. Wait for it to finish, then send again.',
  tooLong: (side: Side, max: number) =>
    `Side ${side}'s conversation would pass its limit of ${max.toLocaleString('en-US')} characters. Start a new conversation, or continue with only the other side.`,
  /**
   * The side's history would not fit its model's context window: an estimate from characters
   * (docs/decisions.md, "Conversations"), checked before anything is sent.
   */
  pastContext: (side: Side, model: string, windowTokens: number, tokens: number) =>
    `Side ${side}'s conversation would pass ${model}'s context of ${windowTokens.toLocaleString('en-US')} tokens (about ${tokens.toLocaleString('en-US')} tokens with this message). Start a new conversation, or continue with only the other side.`,
} as const;

export const CONVERSATION_TEXTS = {
  section: READING_TEXTS.conversation,
  replyLabel: 'Your reply',
  replyHint: 'Sent to both sides, each with its own conversation so far. Ctrl+Enter (⌘+Enter on a Mac) sends it.',
  send: 'Send to both',
  /** Shares the conversation as it stands: every turn so far. */
  share: 'Share conversation',
  stop: 'Stop this turn',
  choicesOf: (title: string) => `Next turn with ${title}`,
  carry: (title: string) => `Continue with ${title}'s answer on both`,
  only: (title: string) => `Continue with only ${title}`,
  regenerate: (title: string) => `Regenerate ${title}'s answer`,
  /** A turn's name; a turn regenerated keeps its number, so each new try is told apart. */
  turn: (turn: number, attempt = 1) => (attempt > 1 ? `Turn ${turn}, attempt ${attempt}` : `Turn ${turn}`),
  you: 'You',
  /** How a turn was sent, after its heading. */
  choiceMade: {
    carry: (title: string) => `continued with ${title}'s answer on both`,
    only: (title: string) => `sent to ${title} only`,
    regenerate: (title: string) => `${title}'s answer regenerated`,
  },
  notAsked: (title: string) => `${title} was not asked this turn.`,
  /** The live region's words as a turn goes. */
  status: {
    waiting: (turn: number) => `Turn ${turn}: waiting for the answers… Press Escape to stop.`,
    complete: (turn: number) => `Turn ${turn} answered.`,
    stopped: (turn: number) => `Turn ${turn} stopped.`,
    failed: (turn: number) => `Turn ${turn} could not be completed.`,
  },
  totals: 'Conversation so far',
  sideTotal: (title: string, answers: number, tokens: number, cost: { total: number; unknown: number }) =>
    `${title}: ${answers} ${answers === 1 ? 'answer' : 'answers'}, ${tokens.toLocaleString('en-US')} tokens, ${formatCostSum(cost)}`,
} as const;

/** A sum of costs that says how many answers it leaves out for want of a price: "$0.0012 (1 answer with price unknown)". */
export function formatCostSum(cost: { total: number; unknown: number }): string {
  return `${formatCost(cost.total)}${cost.unknown > 0 ? ` (${cost.unknown} ${cost.unknown === 1 ? 'answer' : 'answers'} with ${COST_TEXTS.unknown})` : ''}`;
}
