import type { TBardSettingsInput, TChatGptSettingsInput, TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';
import type { GoogleForm, OpenAiForm, ComparisonSettings, OptionState, ServiceForm } from './settings-model.ts';
import { formOf } from './side-settings.ts';

/** A comparison as the page sends it: the spec's body, or the general pair. */
export type SentRequest = TComparisonRequestInput | TPairRequestInput;

/** The general pair's body is told apart by its `sides` (the contract's isPairRequestBody). */
export const isPairRequest = (request: SentRequest): request is TPairRequestInput => 'sides' in request;

/** Only ticked options travel (docs/product.md §3); the rest stay out of the body entirely. */
export function enabledOptions<K extends string>(options: Record<K, OptionState>): Partial<Record<K, number>> {
  const sent: Partial<Record<K, number>> = {};
  for (const [key, option] of Object.entries(options) as [K, OptionState][]) {
    if (option.enabled) sent[key] = option.value;
  }
  return sent;
}

function serviceSettings<K extends string, M>(form: ServiceForm<K, M>) {
  const apiKey = form.apiKey.trim();
  return {
    // '' = the offer has not arrived: the server sends the service's default.
    ...(form.model === '' ? {} : { model: form.model }),
    messages: form.messages.map((message) => ({ ...message })),
    ...enabledOptions(form.options),
    // A blank key means "use the operators' key", so it is not sent at all.
    ...(apiKey === '' ? {} : { apiKey }),
    logOutput: form.logOutput,
  };
}

export const buildChatGptSettings = (form: OpenAiForm): TChatGptSettingsInput => ({
  ...serviceSettings(form),
  // The server passes these to a model that reasons only (docs/wire-formats.md).
  ...(form.reasoningEffort === '' ? {} : { reasoningEffort: form.reasoningEffort }),
  ...(form.sendUnsupported ? { sendUnsupported: true } : {}),
});
export const buildBardSettings = (form: GoogleForm): TBardSettingsInput => ({
  ...serviceSettings(form),
  ...(form.thinkingBudget.enabled ? { thinkingBudget: form.thinkingBudget.value } : {}),
});

/** The body of POST /api/getChatData for the current form; a left-out service has no key at all. */
export function buildComparisonRequest(prompt: string, settings: ComparisonSettings): TComparisonRequestInput {
  // The spec's body: side a's OpenAI form as `chatGPT`, side b's Google form as `bardAPI`.
  const openai = formOf(settings, 'a', 'openai');
  const google = formOf(settings, 'b', 'google');
  return {
    prompt,
    ...(openai.leaveOut ? {} : { chatGPT: buildChatGptSettings(openai) }),
    ...(google.leaveOut ? {} : { bardAPI: buildBardSettings(google) }),
  };
}
