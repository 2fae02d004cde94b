// Conversations on both sides (docs/decisions.md, "Conversations"): a general pair's answer names
// its conversation; a follow-up names it and sends the next user message to both sides, or to one.
// The server keeps each side's own history; the client sends only the new turn.
import { z } from 'zod';
import { ZComparisonRequest } from './comparison.ts';
import { ZApiKeyInput } from './fields.ts';
import type { PairStreamSide } from '../comparison-stream.ts';

/** The two sides (pair.ts's PAIR_SIDES, repeated here because pair.ts reads this module). */
const SIDES = ['a', 'b'] as const satisfies readonly PairStreamSide[];

/**
 * How long a conversation may grow, by default (CONVERSATION_MAX_TURNS, CONVERSATION_MAX_CHARS):
 * turns including the first, and characters of one side's history (opening messages, every user
 * turn, that side's answers, and the new message), checked before anything is sent.
 */
export const CONVERSATION_LIMIT_DEFAULTS = { maxTurns: 20, maxHistoryChars: 200_000 } as const;

/**
 * What a visitor chose for a turn, recorded with it (docs/decisions.md, "Conversations"):
 * - `carry`: continue with this side's last answer on both sides: from this turn on, the other
 *   side's history holds this side's answer in place of its own (as arenas do);
 * - `only`: ask only this side; the other side's history leaves this turn out;
 * - `regenerate`: ask this side its last turn again (the same prompt, none sent); the new answer
 *   takes the place of its last one, and the other side keeps its answer. Same turn number.
 */
export const TURN_CHOICES = ['carry', 'only', 'regenerate'] as const;
export const ZTurnChoice = z.object({ kind: z.enum(TURN_CHOICES), side: z.enum(SIDES) });
export type TTurnChoice = z.infer<typeof ZTurnChoice>;

const sideField = (field: string) => z.enum(SIDES, { error: `${field} must be ${SIDES.join(' or ')}.` }).optional();

export const ZFollowUpRequest = z
  .object({
    conversationId: z.uuid({ error: 'The conversation id must be one this site gave.' }),
    /** The next user message; left out when regenerating (the turn's own prompt is asked again). */
    prompt: ZComparisonRequest.shape.prompt.optional(),
    only: sideField('only'),
    carry: sideField('carry'),
    regenerate: sideField('regenerate'),
    /** A side's own key, sent again each turn: keys are never stored with a conversation. */
    apiKeys: z.object({ a: ZApiKeyInput.optional(), b: ZApiKeyInput.optional() }, { error: 'apiKeys must hold side a and side b keys.' }).optional(),
  })
  .superRefine((body, ctx) => {
    const chosen = TURN_CHOICES.filter((kind) => body[kind] !== undefined);
    if (chosen.length > 1) ctx.addIssue({ code: 'custom', message: CONVERSATION_MESSAGES.oneChoice, path: [chosen[1] ?? 'only'] });
    if (body.regenerate === undefined && body.prompt === undefined) ctx.addIssue({ code: 'custom', message: CONVERSATION_MESSAGES.promptRequired, path: ['prompt'] });
    if (body.regenerate !== undefined && body.prompt !== undefined) ctx.addIssue({ code: 'custom', message: CONVERSATION_MESSAGES.regenerateTakesNoPrompt, path: ['prompt'] });
  });
export type TFollowUpRequest = z.infer<typeof ZFollowUpRequest>;

/** The choice a follow-up body makes, if any. */
export function turnChoiceOf(body: Pick<TFollowUpRequest, 'only' | 'carry' | 'regenerate'>): TTurnChoice | undefined {
  for (const kind of TURN_CHOICES) {
    const side = body[kind];
    if (side) return { kind, side };
  }
  return undefined;
}

/** A body with `conversationId` is a follow-up turn. */
export const isFollowUpBody = (body: unknown): boolean => typeof body === 'object' && body !== null && 'conversationId' in body;

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
  nothingToRegenerate: (side: PairStreamSide) => `Side ${side} gave no answer to the last message, so there is nothing to regenerate. Send a new message instead.`,
  nothingToCarry: (side: PairStreamSide) => `Side ${side} gave no answer to the last message, so there is nothing to carry to both sides. Continue without carrying, or carry the other side.`,
  turnInProgress: 'The previous message of this conversation is still being answered. Wait for it to finish, then send again.',
  tooLong: (side: PairStreamSide, max: number) =>
    `Side ${side}'s conversation would pass its limit of ${max.toLocaleString('en-US')} characters. Start a new conversation, or continue with only the other side.`,
} as const;
