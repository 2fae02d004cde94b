// Our Bard settings → Gemini generateContent parameters of @google/genai (docs/wire-formats.md §3.2, §4.2).
import type { TBardSettings } from '@promptpair/contract';
import type { GenerateContentConfig, GenerateContentParameters } from '@google/genai';
import { toConversation } from './conversation.ts';
import { GOOGLE_BUILT_IN_DEFAULT, isGeminiThinkingModel } from './catalog.ts';

/** Model id as typed, without the `models/` prefix the list endpoint puts on names. */
export function bardModelId(settings: TBardSettings): string {
  return (settings.model ?? GOOGLE_BUILT_IN_DEFAULT).replace(/^models\//, '');
}

/** PaLM models (chat-bison-001, text-bison…) go to the legacy v1beta2 API; everything else to Gemini. */
export function isPalmModel(model: string): boolean {
  return /(^|-)bison(\b|-|@)/i.test(model);
}

/**
 * The SDK's flattened `config` (it moves sampling fields into the wire `generationConfig` and
 * systemInstruction to the top level). 0 for maxOutputTokens and topK means "not set" in our
 * settings (docs/wire-formats.md §4.2: the APIs give 0 no meaning), so those are left out.
 */
export function toGeminiRequest(prompt: string, settings: TBardSettings): GenerateContentParameters {
  const { system, turns } = toConversation(settings.messages ?? [], prompt);
  const config: GenerateContentConfig = {};
  if (system.length > 0) config.systemInstruction = { parts: system.map((text) => ({ text })) };
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.candidateCount !== undefined) config.candidateCount = settings.candidateCount;
  if (settings.maxOutputTokens) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.topK) config.topK = settings.topK;
  // Thinking models only: the others refuse thinkingConfig.
  if (settings.thinkingBudget !== undefined && isGeminiThinkingModel(bardModelId(settings))) config.thinkingConfig = { thinkingBudget: settings.thinkingBudget };
  return {
    model: bardModelId(settings),
    contents: turns.map(({ role, texts }) => ({ role, parts: texts.map((text) => ({ text })) })),
    config,
  };
}
