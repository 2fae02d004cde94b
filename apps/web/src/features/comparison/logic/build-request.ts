import type { PageSide, TBardSettingsInput, TChatGptSettingsInput, TComparisonRequestInput, TPairMessage, TPairRequestInput, TServiceInfo } from '@promptpair/contract';
import type { BardForm, ChatGptForm, ComparisonSettings, DescribedForm, OptionState, ServiceForm } from './settings-model.ts';
import { formOf, isSpecPair } from './side-settings.ts';

/** A comparison as the page sends it: the spec's body, or the general pair. */
export type SentRequest = TComparisonRequestInput | TPairRequestInput;
type TPairSideInput = TPairRequestInput['sides']['a'];

/** The general pair's body is told apart by its `sides` (the contract's isPairRequestBody). */
export const isPairRequest = (request: SentRequest): request is TPairRequestInput => 'sides' in request;

/** Only ticked options travel (docs/product.md §3); the rest stay out of the body entirely. */
function enabledOptions<K extends string>(options: Record<K, OptionState>): Partial<Record<K, number>> {
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

export const buildChatGptSettings = (form: ChatGptForm): TChatGptSettingsInput => ({
  ...serviceSettings(form),
  // The server passes these to a model that reasons only (docs/wire-formats.md).
  ...(form.reasoningEffort === '' ? {} : { reasoningEffort: form.reasoningEffort }),
  ...(form.sendUnsupported ? { sendUnsupported: true } : {}),
});
export const buildBardSettings = (form: BardForm): TBardSettingsInput => ({
  ...serviceSettings(form),
  ...(form.thinkingBudget.enabled ? { thinkingBudget: form.thinkingBudget.value } : {}),
});

/** The body of POST /api/getChatData for the current form; a left-out service has no key at all. */
export function buildComparisonRequest(prompt: string, settings: ComparisonSettings): TComparisonRequestInput {
  return {
    prompt,
    ...(settings.chatGPT.leaveOut ? {} : { chatGPT: buildChatGptSettings(settings.chatGPT) }),
    ...(settings.bard.leaveOut ? {} : { bardAPI: buildBardSettings(settings.bard) }),
  };
}

/** Roles a general pair's opening message may take (the contract's PAIR_MESSAGE_ROLES; kept here so zod stays out of the page). */
const PAIR_ROLES: readonly string[] = ['system', 'user', 'assistant'];

/**
 * Opening messages as the general pair takes them (role and content). ChatGPT's developer role is
 * the system's; a Bard author that names no role speaks as the user, as Gemini reads any author
 * other than the model.
 */
export function toPairMessages(form: ChatGptForm | BardForm | DescribedForm): TPairMessage[] {
  return form.messages.map((message) => {
    const speaker = 'role' in message ? message.role : message.author.trim().toLowerCase();
    const role = speaker === 'developer' ? 'system' : PAIR_ROLES.includes(speaker) ? speaker : 'user';
    return { role: role as TPairMessage['role'], content: message.content };
  });
}

/** A described form's settings: ticked sliders, typed texts, non-empty lists. */
function describedSettings(form: DescribedForm): Record<string, unknown> {
  const texts = Object.entries(form.texts).filter(([, text]) => text.trim() !== '');
  const lists = Object.entries(form.lists)
    .map(([name, items]) => [name, items.filter((item) => item !== '')] as const)
    .filter(([, items]) => items.length > 0);
  return { ...enabledOptions(form.options), ...Object.fromEntries(texts), ...Object.fromEntries(lists) };
}

/**
 * One side of the general pair. Only the settings the service declares travel (the server refuses
 * others, docs/decisions.md "Any service on either side"): the spec panels' reasoning effort and
 * thinking budget are the spec's body's alone. A left-out side names its service only.
 */
export function buildPairSide(settings: ComparisonSettings, side: PageSide, declared?: readonly string[]): TPairSideInput {
  const { service, kind } = settings.sides[side];
  const form = formOf(settings, side, kind);
  if (form.leaveOut) return { service };
  const all = kind === 'openai' || kind === 'google' ? (enabledOptions(form.options as Record<string, OptionState>) as Record<string, unknown>) : describedSettings(form as DescribedForm);
  const sent = declared ? Object.fromEntries(Object.entries(all).filter(([name]) => declared.includes(name))) : all;
  const apiKey = form.apiKey.trim();
  const messages = toPairMessages(form);
  return {
    service,
    ...(form.model === '' ? {} : { model: form.model }),
    ...(Object.keys(sent).length > 0 ? { settings: sent } : {}),
    ...(messages.length > 0 ? { messages } : {}),
    ...(apiKey === '' ? {} : { apiKey }),
    logOutput: form.logOutput,
  };
}

/** What a comparison sends: the spec's body for the spec's pair, exactly as before; else `{ prompt, sides }`. */
export function buildSentRequest(prompt: string, settings: ComparisonSettings, services: readonly TServiceInfo[] | null): SentRequest {
  if (isSpecPair(settings)) return buildComparisonRequest(prompt, settings);
  const declared = (side: PageSide) => services?.find((service) => service.id === settings.sides[side].service)?.settings.map((setting) => setting.name);
  return { prompt, sides: { a: buildPairSide(settings, 'a', declared('a')), b: buildPairSide(settings, 'b', declared('b')) } };
}
