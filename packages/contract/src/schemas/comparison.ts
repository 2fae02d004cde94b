import { z } from 'zod';
import { BARD_LIMITS, CHAT_ROLES, CHATGPT_LIMITS, INPUT_LIMITS, REASONING_EFFORTS, THINKING_BUDGET } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { ZTokenUsage } from '../pricing.ts';
import { rangedNumber, ZApiKeyInput, ZModelName } from './fields.ts';

const content = z
  .string({ error: 'Each message needs content.' })
  .trim()
  .min(1, { error: 'Message content cannot be empty.' })
  .max(INPUT_LIMITS.messageMaxChars, { error: `A message may hold at most ${INPUT_LIMITS.messageMaxChars} characters.` });

export const ZChatRole = z.enum(CHAT_ROLES, { error: `The role must be one of ${CHAT_ROLES.join(', ')}.` });

export const ZChatGptMessage = z.object({ role: ZChatRole, content });
export type TChatGptMessage = z.infer<typeof ZChatGptMessage>;

export const ZBardMessage = z.object({
  author: z
    .string({ error: 'Each message needs an author.' })
    .trim()
    .min(1, { error: 'The author cannot be empty.' })
    .max(INPUT_LIMITS.authorMaxChars, { error: `The author may hold at most ${INPUT_LIMITS.authorMaxChars} characters.` }),
  content,
});
export type TBardMessage = z.infer<typeof ZBardMessage>;

const messageList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(INPUT_LIMITS.messagesMax, { error: `At most ${INPUT_LIMITS.messagesMax} messages are allowed.` });

/** ChatGPT settings of a comparison request (docs/product.md §3). Optional fields are present only when ticked. */
export const ZChatGptSettings = z.object({
  model: ZModelName.optional(),
  messages: messageList(ZChatGptMessage).optional(),
  temperature: rangedNumber('Temperature', CHATGPT_LIMITS.temperature).optional(),
  top_p: rangedNumber('Top P', CHATGPT_LIMITS.top_p).optional(),
  frequencyPenalty: rangedNumber('Frequency penalty', CHATGPT_LIMITS.frequencyPenalty).optional(),
  presencePenalty: rangedNumber('Presence penalty', CHATGPT_LIMITS.presencePenalty).optional(),
  maxLength: rangedNumber('Maximum length', CHATGPT_LIMITS.maxLength, { int: true }).optional(),
  /** For models that reason (MODEL_TEXTS); left out for the others. */
  reasoningEffort: z.enum(REASONING_EFFORTS, { error: `Reasoning effort must be one of ${REASONING_EFFORTS.join(', ')}.` }).optional(),
  /** Send temperature, top_p and the penalties to a model that reasons even though it does not take them. */
  sendUnsupported: z.boolean({ error: 'Send them anyway must be true or false.' }).optional(),
  apiKey: ZApiKeyInput.optional(),
  logOutput: z.boolean({ error: 'Log output must be true or false.' }).optional(),
});
export type TChatGptSettings = z.infer<typeof ZChatGptSettings>;
export type TChatGptSettingsInput = z.input<typeof ZChatGptSettings>;

/** Bard settings (docs/product.md §3). maxOutputTokens 0 and topK 0 mean "leave out" (docs/wire-formats.md §4.2). */
export const ZBardSettings = z.object({
  model: ZModelName.optional(),
  messages: messageList(ZBardMessage).optional(),
  temperature: rangedNumber('Temperature', BARD_LIMITS.temperature).optional(),
  candidateCount: rangedNumber('Candidate count', BARD_LIMITS.candidateCount, { int: true }).optional(),
  maxOutputTokens: rangedNumber('Max output tokens', BARD_LIMITS.maxOutputTokens, { int: true, min: 0 }).optional(),
  topP: rangedNumber('Top P', BARD_LIMITS.topP).optional(),
  topK: rangedNumber('Top K', BARD_LIMITS.topK, { int: true }).optional(),
  /** Gemini thinking models only (generationConfig.thinkingConfig.thinkingBudget). */
  thinkingBudget: rangedNumber('Thinking budget', THINKING_BUDGET, { int: true }).optional(),
  apiKey: ZApiKeyInput.optional(),
  logOutput: z.boolean({ error: 'Log output must be true or false.' }).optional(),
});
export type TBardSettings = z.infer<typeof ZBardSettings>;
export type TBardSettingsInput = z.input<typeof ZBardSettings>;

export const ZComparisonRequest = z.object({
  prompt: z
    .string({ error: MESSAGES.emptyPrompt })
    .trim()
    .min(1, { error: MESSAGES.emptyPrompt })
    .max(INPUT_LIMITS.promptMaxChars, { error: `The prompt may hold at most ${INPUT_LIMITS.promptMaxChars} characters.` }),
  chatGPT: ZChatGptSettings.optional(),
  bardAPI: ZBardSettings.optional(),
});
export type TComparisonRequest = z.infer<typeof ZComparisonRequest>;
/** What a client sends (before keys are trimmed). */
export type TComparisonRequestInput = z.input<typeof ZComparisonRequest>;

/**
 * What an answer cost, beside the spec's `tokens` (the total, as before): the model
 * it was priced as, the tokens in and out, and US dollars at list prices, null when the model's
 * price or the tokens are unknown. Absent from answers made before costs existed.
 */
export const ZAnswerCostFields = z.object({
  model: z.string().nullable().optional(),
  usage: ZTokenUsage.nullable().optional(),
  cost: z.number().min(0).nullable().optional(),
});
export type TAnswerCostFields = z.infer<typeof ZAnswerCostFields>;

/** One service's answer (docs/product.md §3): either errorMsg, or message/tokens/rawOutput. */
export const ZServiceResult = z.object({
  message: z.string().nullable(),
  tokens: z.number().int().nullable(),
  rawOutput: z.unknown(),
  errorMsg: z.string().nullable(),
  /** Seconds, with millisecond precision. */
  elapsedTime: z.number(),
  /**
   * Seconds from the call's start to the first text the service sent; null when no text came or
   * the service does not stream. Absent from answers made before streaming existed.
   */
  timeToFirstToken: z.number().nullable().optional(),
  /** True when the visitor stopped the comparison (or left) before this side finished; what arrived is kept. */
  stopped: z.boolean().optional(),
  /** True when a follow-up went to the other side only: this side was not asked this turn. */
  skipped: z.literal(true).optional(),
  ...ZAnswerCostFields.shape,
});
export type TServiceResult = z.infer<typeof ZServiceResult>;

export const ZComparisonResponse = z.object({
  chatGPT: ZServiceResult,
  palmAPI: ZServiceResult,
  /** The log record's id; null when the record could not be written (then `unsaved` is true). */
  logId: z.string().nullable(),
  /**
   * True when the answers came but the database could not keep them: nothing to share or find in
   * the log later (MESSAGES.comparisonNotSaved). Absent when the comparison was saved.
   */
  unsaved: z.literal(true).optional(),
  /**
   * Beside the spec's fields: the conversation this comparison starts (its log id) and turn 1, so the
   * page can follow up with the follow-up body (schemas/conversation.ts). Absent when unsaved.
   */
  conversationId: z.string().optional(),
  turn: z.number().int().min(1).optional(),
});
export type TComparisonResponse = z.infer<typeof ZComparisonResponse>;
/** A comparison whose log record was written: what every answer is while the database works. */
export type TSavedComparisonResponse = TComparisonResponse & { logId: string };

export const ZModelList = z.array(z.string());
export type TModelList = z.infer<typeof ZModelList>;
