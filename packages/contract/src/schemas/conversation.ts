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

export const ZFollowUpRequest = z.object({
  conversationId: z.uuid({ error: 'The conversation id must be one this site gave.' }),
  prompt: ZComparisonRequest.shape.prompt,
  /** Ask only this side; the other side's history leaves this turn out. */
  only: z.enum(SIDES, { error: `only must be ${SIDES.join(' or ')}.` }).optional(),
  /** A side's own key, sent again each turn: keys are never stored with a conversation. */
  apiKeys: z.object({ a: ZApiKeyInput.optional(), b: ZApiKeyInput.optional() }, { error: 'apiKeys must hold side a and side b keys.' }).optional(),
});
export type TFollowUpRequest = z.infer<typeof ZFollowUpRequest>;

/** A body with `conversationId` is a follow-up turn. */
export const isFollowUpBody = (body: unknown): boolean => typeof body === 'object' && body !== null && 'conversationId' in body;

/** Refusals of a follow-up: the conversation is not the visitor's (404), or it has grown too long (422). */
export const CONVERSATION_MESSAGES = {
  notFound: 'There is no such conversation among yours. Start a new comparison to begin one.',
  tooManyTurns: (max: number) => `This conversation has reached its limit of ${max} turns. Start a new conversation to go on.`,
  tooLong: (side: PairStreamSide, max: number) =>
    `Side ${side}'s conversation would pass its limit of ${max.toLocaleString('en-US')} characters. Start a new conversation, or continue with only the other side.`,
} as const;
