// The general pair request (docs/decisions.md, "Any service on either side"): any service and
// model on side a (left) and side b (right), each with its kind's settings. POST /api/getChatData
// takes it beside the spec's body (chatGPT / bardAPI), told apart by its `sides` field; both become
// one internal pair of sides at the server's edge.
import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { SERVICE_KINDS, SERVICE_ID_PATTERN } from '../kinds/kinds.ts';
import { ZComparisonRequest, ZServiceResult, type TComparisonRequest } from './comparison.ts';
import { isFollowUpBody, ZFollowUpRequest, ZTurnChoice, type TFollowUpRequest } from './conversation.ts';
import { ZApiKeyInput, ZModelName } from './fields.ts';
import type { Side } from '../sides.ts';


/** Roles of an opening message; each kind maps them onto its own format (Gemini's authors, Anthropic's system field). */
export const PAIR_MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;

export const ZPairMessage = z.object({
  role: z.enum(PAIR_MESSAGE_ROLES, { error: `The role must be one of ${PAIR_MESSAGE_ROLES.join(', ')}.` }),
  content: z
    .string({ error: 'Each message needs content.' })
    .trim()
    .min(1, { error: 'Message content cannot be empty.' })
    .max(INPUT_LIMITS.messageMaxChars, { error: `A message may hold at most ${INPUT_LIMITS.messageMaxChars} characters.` }),
});
export type TPairMessage = z.infer<typeof ZPairMessage>;

/** One side: the service's settings are checked by the server against that service's kind (GET /api/services describes them). */
const pairSideShape = {
  service: z
    .string({ error: 'Each side needs a service.' })
    .regex(SERVICE_ID_PATTERN, { error: 'The service must be the id of a service, such as chatgpt.' }),
  model: ZModelName.optional(),
  settings: z.record(z.string(), z.unknown(), { error: 'Settings must be an object of setting names and values.' }).optional(),
  messages: z.array(ZPairMessage).max(INPUT_LIMITS.messagesMax, { error: `At most ${INPUT_LIMITS.messagesMax} messages are allowed.` }).optional(),
  apiKey: ZApiKeyInput.optional(),
  logOutput: z.boolean({ error: 'Log output must be true or false.' }).optional(),
};
const pairSide = (name: string) => z.object(pairSideShape, { error: `Side ${name} must be an object naming its service.` });
export const ZPairSide = pairSide('a');
export type TPairSide = z.infer<typeof ZPairSide>;

export const ZPairRequest = z.object({
  prompt: ZComparisonRequest.shape.prompt,
  sides: z.object({ a: pairSide('a'), b: pairSide('b') }, { error: 'sides must hold side a and side b.' }),
});
export type TPairRequest = z.infer<typeof ZPairRequest>;
export type TPairRequestInput = z.input<typeof ZPairRequest>;

/** A body with `sides` is the general pair request; any other is the spec's. */
export const isPairRequestBody = (body: unknown): boolean => typeof body === 'object' && body !== null && 'sides' in body;

/**
 * What POST /api/getChatData takes: the spec's body, the general pair, or a follow-up turn of a
 * general pair's conversation. Each is checked by its own schema, so the spec's body keeps its messages exactly.
 */
export const ZChatDataRequest = z.unknown().transform((body, ctx): TComparisonRequest | TPairRequest | TFollowUpRequest => {
  const schema = isFollowUpBody(body) ? ZFollowUpRequest : isPairRequestBody(body) ? ZPairRequest : ZComparisonRequest;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** What each side ran on, as the answer and the stream's start name it. */
export const ZPairSideInfo = z.object({
  service: z.string(),
  kind: z.enum(SERVICE_KINDS),
  /** The service's display name. */
  name: z.string(),
  /** The model asked for. */
  model: z.string(),
});
export type TPairSideInfo = z.infer<typeof ZPairSideInfo>;

export const ZPairResponse = z.object({
  a: ZServiceResult,
  b: ZServiceResult,
  sides: z.object({ a: ZPairSideInfo, b: ZPairSideInfo }),
  logId: z.string().nullable(),
  unsaved: z.literal(true).optional(),
  /** The conversation a follow-up names (the first turn's log id), and this turn's number from 1; absent when unsaved. */
  conversationId: z.string().optional(),
  turn: z.number().int().min(1).optional(),
  /** What the visitor chose for this turn (carry, only or regenerate a side); absent for a plain turn. */
  choice: ZTurnChoice.optional(),
});
export type TPairResponse = z.infer<typeof ZPairResponse>;

/** Texts of refusals of a pair request (422), named by side. */
export const PAIR_MESSAGES = {
  unknownService: (side: Side, id: string, known: readonly string[]) => `Side ${side}: there is no service "${id}". Choose one of ${known.join(', ')}.`,
  unknownSetting: (side: Side, service: string, setting: string, known: readonly string[]) =>
    `Side ${side}: ${service} takes no setting "${setting}"${known.length > 0 ? `; its settings are ${known.join(', ')}` : ''}.`,
  badSetting: (side: Side, service: string, message: string) => `Side ${side} (${service}): ${message}`,
  modelNotOffered: (side: Side, service: string, model: string) =>
    `Side ${side}: free prompts on ${service} use only the models it offers, and ${model} is not one of them. Pick one of its models, or add your own API key.`,
} as const;

