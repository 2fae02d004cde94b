// The Anthropic kind's settings (Messages API): names, ranges, defaults, the panel's texts and the
// schema the server validates with. The ranges are Anthropic's own; the defaults and the limits the
// API leaves open are the product's, explained beside each.
import { z } from 'zod';
import type { SliderRange } from '../constants.ts';
import { INPUT_LIMITS } from '../constants.ts';
import { rangedNumber, ZApiKeyInput, ZModelName } from '../schemas/fields.ts';
import type { SettingDescriptor } from './setting-descriptors.ts';

/**
 * Slider ranges. temperature 0–1 (the API's default 1), top_p 0–1, top_k ≥ 0 with no upper bound
 * in the API: 500 keeps the slider usable and is far past where top-k still changes an answer.
 * max_tokens has no API default and must be sent: 4096 lets a typical answer end on its own
 * (stop reason end_turn) while a free prompt costs cents at list prices; the largest current
 * models write at most 128,000 tokens, and a smaller model's own maximum is the service's to enforce.
 */
export const ANTHROPIC_LIMITS = {
  temperature: { min: 0, max: 1, step: 0.05, default: 1 },
  topP: { min: 0, max: 1, step: 0.01, default: 1 },
  topK: { min: 0, max: 500, step: 1, default: 40 },
  maxTokens: { min: 1, max: 128_000, step: 1, default: 4096 },
} as const satisfies Record<string, SliderRange>;

/** The API sets no small limit on stop sequences; the panel offers four, as it does for ChatGPT. */
export const ANTHROPIC_STOP_SEQUENCES = { maxItems: 4, maxCharsEach: 200 } as const;

/** Roles of an opening message; the system prompt is a field of its own, sent apart from the messages. */
export const ANTHROPIC_ROLES = ['user', 'assistant'] as const;

export const ANTHROPIC_SETTINGS: readonly SettingDescriptor[] = [
  { name: 'system', control: 'text', label: 'System prompt', maxChars: INPUT_LIMITS.messageMaxChars, help: 'Instructions Claude reads before the conversation, sent apart from the messages.' },
  { name: 'temperature', control: 'slider', label: 'Temperature', range: ANTHROPIC_LIMITS.temperature, integer: false, help: 'Randomness of the answer, from 0 to 1. Claude 4.7 and later models accept only the default, 1.' },
  { name: 'topP', control: 'slider', label: 'Top P', range: ANTHROPIC_LIMITS.topP, integer: false, help: 'Samples only from the most likely words that add up to this probability. Claude 4.7 and later models do not accept it.' },
  { name: 'topK', control: 'slider', label: 'Top K', range: ANTHROPIC_LIMITS.topK, integer: true, help: 'Samples only from this many most likely words. Claude 4.7 and later models do not accept it.' },
  { name: 'maxTokens', control: 'slider', label: 'Max tokens', range: ANTHROPIC_LIMITS.maxTokens, integer: true, help: 'The longest answer Claude may write. Always sent: the service requires it.' },
  { name: 'stopSequences', control: 'text-list', label: 'Stop sequences', ...ANTHROPIC_STOP_SEQUENCES, help: 'Claude stops before writing any of these texts.' },
];

const content = z
  .string({ error: 'Each message needs content.' })
  .trim()
  .min(1, { error: 'Message content cannot be empty.' })
  .max(INPUT_LIMITS.messageMaxChars, { error: `A message may hold at most ${INPUT_LIMITS.messageMaxChars} characters.` });

export const ZAnthropicMessage = z.object({
  role: z.enum(ANTHROPIC_ROLES, { error: `The role must be one of ${ANTHROPIC_ROLES.join(', ')}.` }),
  content,
});
export type TAnthropicMessage = z.infer<typeof ZAnthropicMessage>;

const stopSequence = z
  .string({ error: 'Each stop sequence must be text.' })
  .max(ANTHROPIC_STOP_SEQUENCES.maxCharsEach, { error: `A stop sequence may hold at most ${ANTHROPIC_STOP_SEQUENCES.maxCharsEach} characters.` })
  // Kept as typed (a newline can be the point), but it must hold something visible.
  .refine((text) => text.trim() !== '', { error: 'A stop sequence cannot be empty or only spaces.' });

/** Settings of an Anthropic side. Optional fields are present only when set; maxTokens falls back to its default. */
export const ZAnthropicSettings = z.object({
  model: ZModelName.optional(),
  system: z
    .string({ error: 'The system prompt must be text.' })
    .max(INPUT_LIMITS.messageMaxChars, { error: `The system prompt may hold at most ${INPUT_LIMITS.messageMaxChars} characters.` })
    .transform((text) => text.trim() || undefined)
    .optional(),
  messages: z.array(ZAnthropicMessage).max(INPUT_LIMITS.messagesMax, { error: `At most ${INPUT_LIMITS.messagesMax} messages are allowed.` }).optional(),
  temperature: rangedNumber('Temperature', ANTHROPIC_LIMITS.temperature).optional(),
  topP: rangedNumber('Top P', ANTHROPIC_LIMITS.topP).optional(),
  topK: rangedNumber('Top K', ANTHROPIC_LIMITS.topK, { int: true }).optional(),
  maxTokens: rangedNumber('Max tokens', ANTHROPIC_LIMITS.maxTokens, { int: true }).optional(),
  stopSequences: z
    .array(stopSequence, { error: 'Stop sequences must be a list of texts.' })
    .max(ANTHROPIC_STOP_SEQUENCES.maxItems, { error: `At most ${ANTHROPIC_STOP_SEQUENCES.maxItems} stop sequences are allowed.` })
    .optional(),
  apiKey: ZApiKeyInput.optional(),
  logOutput: z.boolean({ error: 'Log output must be true or false.' }).optional(),
});
export type TAnthropicSettings = z.infer<typeof ZAnthropicSettings>;
export type TAnthropicSettingsInput = z.input<typeof ZAnthropicSettings>;
