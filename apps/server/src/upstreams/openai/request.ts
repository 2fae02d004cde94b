// Our ChatGPT settings → an OpenAI Chat Completions body (docs/wire-formats.md §1.2, §4.1).
import type { TChatGptSettings } from '@promptpair/contract';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { isOpenAiReasoningModel, OPENAI_BUILT_IN_DEFAULT } from './catalog.ts';

/**
 * Which length field a model gets. `max_completion_tokens` is the current field and the only
 * one o-series / gpt-5 reasoning models accept. The gpt-3.5-turbo and original gpt-4 /
 * gpt-4-turbo families predate it: OpenAI accepts both names for them, but OpenAI-compatible
 * servers that mimic those models often know only `max_tokens`, so they keep the legacy field.
 * gpt-4o, gpt-4.1, gpt-4.5 and every unknown model get `max_completion_tokens`.
 */
export function usesLegacyMaxTokens(model: string): boolean {
  const id = model.toLowerCase().replace(/^.*\//, '');
  return id.startsWith('gpt-3.5') || id === 'gpt-4' || /^gpt-4-(?!o)/.test(id) || id.startsWith('gpt-35');
}

/** Settings a model that reasons does not take: left out unless the visitor ticks "Send them anyway". */
export const REASONING_SKIPS = ['temperature', 'top_p', 'frequencyPenalty', 'presencePenalty'] as const;

/**
 * History first, then the prompt as the last user turn. Optional settings are copied only
 * when present: an unticked option must not reach the wire, not even as its default. A model
 * that reasons (openai/catalog.ts) gets no sampling settings unless `sendUnsupported` (the panel
 * says so), then the upstream's own "unsupported" reason reaches the visitor; it takes
 * reasoning_effort, which the others never get.
 */
export function toChatCompletionRequest(prompt: string, settings: TChatGptSettings): ChatCompletionCreateParamsNonStreaming {
  // The comparison names the day's default (services/free-prompt-models.ts); this covers a caller that did not.
  const model = settings.model ?? OPENAI_BUILT_IN_DEFAULT;
  const history = (settings.messages ?? []).map(({ role, content }) => ({ role, content }));
  const request: ChatCompletionCreateParamsNonStreaming = {
    model,
    messages: [...history, { role: 'user', content: prompt }],
  };
  const reasons = isOpenAiReasoningModel(model);
  const sampling = !reasons || settings.sendUnsupported === true;
  if (sampling && settings.temperature !== undefined) request.temperature = settings.temperature;
  if (sampling && settings.top_p !== undefined) request.top_p = settings.top_p;
  if (sampling && settings.frequencyPenalty !== undefined) request.frequency_penalty = settings.frequencyPenalty;
  if (sampling && settings.presencePenalty !== undefined) request.presence_penalty = settings.presencePenalty;
  if (reasons && settings.reasoningEffort !== undefined) request.reasoning_effort = settings.reasoningEffort;
  if (settings.maxLength !== undefined) {
    if (usesLegacyMaxTokens(model)) request.max_tokens = settings.maxLength;
    else request.max_completion_tokens = settings.maxLength;
  }
  return request;
}
