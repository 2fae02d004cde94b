// Conversations on both sides (docs/decisions.md, "Conversations"): a general pair's answer names
// its conversation; a follow-up names it and sends the next user message to both sides, or to one.
// The server keeps each side's own history; the client sends only the new turn.
import { z } from 'zod';
import { ZComparisonRequest } from './comparison.ts';
import { ZApiKeyInput } from './fields.ts';
import { SIDES } from '../sides.ts';
import { CONVERSATION_MESSAGES, TURN_CHOICES } from '../conversation-texts.ts';


/**
 * How long a conversation may grow, by default (CONVERSATION_MAX_TURNS, CONVERSATION_MAX_CHARS):
 * turns including the first, and characters of one side's history (opening messages, every user
 * turn, that side's answers, and the new message), checked before anything is sent.
 */
export const CONVERSATION_LIMIT_DEFAULTS = { maxTurns: 20, maxHistoryChars: 200_000 } as const;

/** What a visitor chose for a turn (TURN_CHOICES, in conversation-texts.ts so the page reads it without zod). */
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
