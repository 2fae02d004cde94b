import type { Side, TPairMessage, TPairRequestInput, TServiceInfo } from '@promptpair/contract';
import { enabledOptions } from './build-request.ts';
import type { GoogleForm, OpenAiForm, ComparisonSettings, DescribedForm, OptionState } from './settings-model.ts';
import { formOf } from './side-settings.ts';

/*
 * The general pair's body, `{ prompt, sides }`, for any pair but the spec's, and its boxes' titles:
 * loaded when such a pair is sent, so the page's first bundle carries the spec's body alone.
 */
export { sentTitles } from './side-titles.ts';

type TPairSideInput = TPairRequestInput['sides']['a'];

/** Roles a general pair's opening message may take (the contract's PAIR_MESSAGE_ROLES; kept here so zod stays out of the page). */
const PAIR_ROLES: readonly string[] = ['system', 'user', 'assistant'];

/**
 * Opening messages as the general pair takes them (role and content). ChatGPT's developer role is
 * the system's; a Bard author that names no role speaks as the user, as Gemini reads any author
 * other than the model.
 */
export function toPairMessages(form: OpenAiForm | GoogleForm | DescribedForm): TPairMessage[] {
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
export function buildPairSide(settings: ComparisonSettings, side: Side, declared?: readonly string[]): TPairSideInput {
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

/** What any pair but the spec's sends: `{ prompt, sides }` (the spec's pair sends buildComparisonRequest's body). */
export function buildPairRequest(prompt: string, settings: ComparisonSettings, services: readonly TServiceInfo[] | null): TPairRequestInput {
  const declared = (side: Side) => services?.find((service) => service.id === settings.sides[side].service)?.settings.map((setting) => setting.name);
  return { prompt, sides: { a: buildPairSide(settings, 'a', declared('a')), b: buildPairSide(settings, 'b', declared('b')) } };
}
