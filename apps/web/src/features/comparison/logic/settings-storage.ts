import { CHAT_ROLES, INPUT_LIMITS, REASONING_EFFORTS, THINKING_BUDGET, type TBardMessage, type TChatGptMessage, type TPairMessage, type Side, type TServiceKind } from '@promptpair/contract';
import { readStored, writeStored } from '../../../lib/storage.ts';
import {
  GOOGLE_OPTION_FIELDS,
  OPENAI_OPTION_FIELDS,
  createDefaultPair,
  SERVICE_KIND_NAMES,
  createDefaultSettings,
  type GoogleForm,
  type ComparisonSettings,
  type DescribedForm,
  type KindForms,
  type PairSettings,
  type OptionField,
  type SideSettings,
  type OptionState,
  type OpenAiForm,
  type ServiceForm,
} from './settings-model.ts';

/**
 * Bump the version when a stored shape can no longer be read (an old entry then simply is not);
 * the shape kept before each side held every kind's form is still read (EARLIER_PLACE).
 */
export const SETTINGS_STORAGE_KEY = 'promptpair.settings.v1';

type Stored = Record<string, unknown>;
const isRecord = (value: unknown): value is Stored => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What goes to storage: everything but the keys, unless the visitor opted in to remembering them. */
export function toStoredSettings(settings: ComparisonSettings): ComparisonSettings {
  if (settings.rememberKeys) return settings;
  const keyless = (side: SideSettings): SideSettings => ({
    ...side,
    forms: Object.fromEntries(SERVICE_KIND_NAMES.map((kind) => [kind, { ...side.forms[kind], apiKey: '' }])) as unknown as KindForms,
  });
  return { ...settings, sides: { a: keyless(settings.sides.a), b: keyless(settings.sides.b) } };
}

export function saveSettings(settings: ComparisonSettings): void {
  writeStored(SETTINGS_STORAGE_KEY, toStoredSettings(settings));
}

function readOptions<K extends string>(fields: readonly OptionField<K>[], fallback: Record<K, OptionState>, raw: unknown) {
  const options = { ...fallback };
  if (!isRecord(raw)) return options;
  for (const { key, limits } of fields) {
    const stored = raw[key];
    if (!isRecord(stored) || typeof stored.enabled !== 'boolean' || typeof stored.value !== 'number') continue;
    // The default may sit below the slider's min (Bard's max output tokens starts at 0).
    const inRange = stored.value >= Math.min(limits.min, limits.default) && stored.value <= limits.max;
    if (inRange) options[key] = { enabled: stored.enabled, value: stored.value };
  }
  return options;
}

function readService<K extends string, M>(
  fallback: ServiceForm<K, M>,
  raw: unknown,
  fields: readonly OptionField<K>[],
  parseMessages: (raw: unknown) => M[] | null,
  withKey: boolean,
): ServiceForm<K, M> {
  // Only the shared fields: each service's own are read by loadSettings.
  if (!isRecord(raw)) return { model: fallback.model, messages: fallback.messages, options: fallback.options, apiKey: '', logOutput: fallback.logOutput, leaveOut: fallback.leaveOut };
  const messages = parseMessages(raw.messages);
  const model = isText(raw.model) && raw.model.length <= INPUT_LIMITS.modelNameMaxChars ? raw.model : fallback.model;
  return {
    model,
    messages: messages ?? fallback.messages,
    options: readOptions(fields, fallback.options, raw.options),
    apiKey: withKey && typeof raw.apiKey === 'string' ? raw.apiKey : '',
    logOutput: typeof raw.logOutput === 'boolean' ? raw.logOutput : fallback.logOutput,
    leaveOut: typeof raw.leaveOut === 'boolean' ? raw.leaveOut : fallback.leaveOut,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function parseList<M>(raw: unknown, isMessage: (item: Stored) => boolean): M[] | null {
  if (!Array.isArray(raw) || raw.length > INPUT_LIMITS.messagesMax) return null;
  return raw.every((item) => isRecord(item) && isMessage(item)) ? (raw as M[]) : null;
}
const parseOpenAiMessages = (raw: unknown) =>
  parseList<TChatGptMessage>(raw, (item) => (CHAT_ROLES as readonly unknown[]).includes(item.role) && isText(item.content));
const parseGoogleMessages = (raw: unknown) =>
  parseList<TBardMessage>(raw, (item) => isText(item.author) && isText(item.content));

function readOpenAiForm(fallback: OpenAiForm, raw: unknown, withKey: boolean): OpenAiForm {
  const chat = isRecord(raw) ? raw : {};
  const effort = (REASONING_EFFORTS as readonly unknown[]).includes(chat.reasoningEffort) ? (chat.reasoningEffort as OpenAiForm['reasoningEffort']) : '';
  return { ...readService(fallback, raw, OPENAI_OPTION_FIELDS, parseOpenAiMessages, withKey), reasoningEffort: effort, sendUnsupported: chat.sendUnsupported === true };
}

function readGoogleForm(fallback: GoogleForm, raw: unknown, withKey: boolean): GoogleForm {
  const budget = isRecord(raw) ? raw.thinkingBudget : undefined;
  const thinkingBudget =
    isRecord(budget) && typeof budget.enabled === 'boolean' && typeof budget.value === 'number' && budget.value >= THINKING_BUDGET.min && budget.value <= THINKING_BUDGET.max
      ? { enabled: budget.enabled, value: budget.value }
      : fallback.thinkingBudget;
  return { ...readService(fallback, raw, GOOGLE_OPTION_FIELDS, parseGoogleMessages, withKey), thinkingBudget };
}

/** A setting's name as a kind's schema spells it (the server refuses names it does not know). */
const SETTING_NAME = /^[A-Za-z_]{1,40}$/;
const PAIR_ROLES: readonly unknown[] = ['system', 'user', 'assistant'];
const parsePairMessages = (raw: unknown) => parseList<TPairMessage>(raw, (item) => PAIR_ROLES.includes(item.role) && isText(item.content));

/** A described form's settings: their ranges come with the service's descriptors, so only shapes are checked here. */
function readDescribedForm(fallback: DescribedForm, raw: unknown, withKey: boolean): DescribedForm {
  if (!isRecord(raw)) return fallback;
  const named = (value: unknown) => (isRecord(value) ? Object.entries(value).filter(([name]) => SETTING_NAME.test(name)) : []);
  const options = named(raw.options).filter(([, option]) => isRecord(option) && typeof option.enabled === 'boolean' && Number.isFinite(option.value));
  const texts = named(raw.texts).filter(([, text]) => typeof text === 'string' && text.length <= INPUT_LIMITS.messageMaxChars);
  const lists = named(raw.lists).filter(([, list]) => Array.isArray(list) && list.length <= INPUT_LIMITS.messagesMax && list.every((item) => typeof item === 'string'));
  return {
    ...readService(fallback, raw, [], parsePairMessages, withKey),
    messages: parsePairMessages(raw.messages) ?? fallback.messages,
    options: Object.fromEntries(options.map(([name, option]) => [name, { enabled: (option as OptionState).enabled, value: (option as OptionState).value }])),
    texts: Object.fromEntries(texts) as Record<string, string>,
    lists: Object.fromEntries(lists) as Record<string, string[]>,
  };
}

const isKind = (value: unknown): value is TServiceKind => typeof value === 'string' && (SERVICE_KIND_NAMES as readonly string[]).includes(value);

/**
 * Where a side's form of a kind was stored before each side kept all four: side a's OpenAI form
 * under the top-level `chatGPT`, side b's Google form under `bard` (the spec's panels). Read when
 * the side's own place holds none, so a returning visitor keeps the settings of the spec's panels.
 */
const EARLIER_PLACE: Partial<Record<Side, { kind: TServiceKind; key: string }>> = { a: { kind: 'openai', key: 'chatGPT' }, b: { kind: 'google', key: 'bard' } };

/** Each side's service and its form of every kind; whether the service is still offered is settled when the list arrives. */
function readPair(raw: Stored, withKey: boolean): PairSettings {
  const defaults = createDefaultPair();
  const pair = isRecord(raw.sides) ? raw.sides : {};
  const side = (name: Side): SideSettings => {
    const stored = isRecord(pair[name]) ? pair[name] : {};
    const choice = typeof stored.service === 'string' && SERVICE_ID.test(stored.service) && isKind(stored.kind) ? { service: stored.service, kind: stored.kind } : { service: defaults[name].service, kind: defaults[name].kind };
    const forms: Stored = { ...(isRecord(stored.forms) ? stored.forms : {}) };
    const earlier = EARLIER_PLACE[name];
    if (earlier && forms[earlier.kind] === undefined) forms[earlier.kind] = raw[earlier.key];
    const fallback = defaults[name].forms;
    return {
      ...choice,
      forms: {
        openai: readOpenAiForm(fallback.openai, forms.openai, withKey),
        google: readGoogleForm(fallback.google, forms.google, withKey),
        anthropic: readDescribedForm(fallback.anthropic, forms.anthropic, withKey),
        'openai-compatible': readDescribedForm(fallback['openai-compatible'], forms['openai-compatible'], withKey),
      },
    };
  };
  return { a: side('a'), b: side('b') };
}

/** The contract's SERVICE_ID_PATTERN. */
const SERVICE_ID = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/** The last settings of this browser, each part checked; anything odd falls back to its default. */
export function loadSettings(): ComparisonSettings {
  const raw = readStored(SETTINGS_STORAGE_KEY);
  if (!isRecord(raw)) return createDefaultSettings();
  const rememberKeys = raw.rememberKeys === true;
  return { rememberKeys, sides: readPair(raw, rememberKeys) };
}
