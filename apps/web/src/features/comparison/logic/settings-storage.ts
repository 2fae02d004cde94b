import { CHAT_ROLES, INPUT_LIMITS, REASONING_EFFORTS, THINKING_BUDGET, type TBardMessage, type TChatGptMessage, type TPairMessage, type TServiceKind } from '@promptpair/contract';
import { readStored, writeStored } from '../../../lib/storage.ts';
import {
  BARD_OPTION_FIELDS,
  CHATGPT_OPTION_FIELDS,
  createDefaultPair,
  SERVICE_KIND_NAMES,
  createDefaultSettings,
  type BardForm,
  type ComparisonSettings,
  type DescribedForm,
  type PairSettings,
  type OptionField,
  type OptionState,
  type ChatGptForm,
  type ServiceForm,
} from './settings-model.ts';

/** Bump the version when the stored shape changes; an old entry then simply is not read. */
export const SETTINGS_STORAGE_KEY = 'promptpair.settings.v1';

type Stored = Record<string, unknown>;
const isRecord = (value: unknown): value is Stored => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What goes to storage: everything but the keys, unless the visitor opted in to remembering them. */
export function toStoredSettings(settings: ComparisonSettings): ComparisonSettings {
  if (settings.rememberKeys) return settings;
  const { a, b } = settings.sides;
  const keyless = <F extends { apiKey: string }>(form: F): F => ({ ...form, apiKey: '' });
  return {
    ...settings,
    chatGPT: keyless(settings.chatGPT),
    bard: keyless(settings.bard),
    sides: {
      a: { ...a, forms: { google: keyless(a.forms.google), anthropic: keyless(a.forms.anthropic), 'openai-compatible': keyless(a.forms['openai-compatible']) } },
      b: { ...b, forms: { openai: keyless(b.forms.openai), anthropic: keyless(b.forms.anthropic), 'openai-compatible': keyless(b.forms['openai-compatible']) } },
    },
  };
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
const parseChatGptMessages = (raw: unknown) =>
  parseList<TChatGptMessage>(raw, (item) => (CHAT_ROLES as readonly unknown[]).includes(item.role) && isText(item.content));
const parseBardMessages = (raw: unknown) =>
  parseList<TBardMessage>(raw, (item) => isText(item.author) && isText(item.content));

function readChatGptForm(fallback: ChatGptForm, raw: unknown, withKey: boolean): ChatGptForm {
  const chat = isRecord(raw) ? raw : {};
  const effort = (REASONING_EFFORTS as readonly unknown[]).includes(chat.reasoningEffort) ? (chat.reasoningEffort as ChatGptForm['reasoningEffort']) : '';
  return { ...readService(fallback, raw, CHATGPT_OPTION_FIELDS, parseChatGptMessages, withKey), reasoningEffort: effort, sendUnsupported: chat.sendUnsupported === true };
}

function readBardForm(fallback: BardForm, raw: unknown, withKey: boolean): BardForm {
  const budget = isRecord(raw) ? raw.thinkingBudget : undefined;
  const thinkingBudget =
    isRecord(budget) && typeof budget.enabled === 'boolean' && typeof budget.value === 'number' && budget.value >= THINKING_BUDGET.min && budget.value <= THINKING_BUDGET.max
      ? { enabled: budget.enabled, value: budget.value }
      : fallback.thinkingBudget;
  return { ...readService(fallback, raw, BARD_OPTION_FIELDS, parseBardMessages, withKey), thinkingBudget };
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

/** Each side's service and its forms of the other kinds; whether the service is still offered is settled when the list arrives. */
function readPair(raw: unknown, withKey: boolean): PairSettings {
  const defaults = createDefaultPair();
  if (!isRecord(raw)) return defaults;
  const side = (name: 'a' | 'b') => {
    const stored = isRecord(raw[name]) ? raw[name] : {};
    const choice = typeof stored.service === 'string' && SERVICE_ID.test(stored.service) && isKind(stored.kind) ? { service: stored.service, kind: stored.kind } : { service: defaults[name].service, kind: defaults[name].kind };
    return { choice, forms: isRecord(stored.forms) ? stored.forms : {} };
  };
  const a = side('a');
  const b = side('b');
  return {
    a: {
      ...a.choice,
      forms: {
        google: readBardForm(defaults.a.forms.google, a.forms.google, withKey),
        anthropic: readDescribedForm(defaults.a.forms.anthropic, a.forms.anthropic, withKey),
        'openai-compatible': readDescribedForm(defaults.a.forms['openai-compatible'], a.forms['openai-compatible'], withKey),
      },
    },
    b: {
      ...b.choice,
      forms: {
        openai: readChatGptForm(defaults.b.forms.openai, b.forms.openai, withKey),
        anthropic: readDescribedForm(defaults.b.forms.anthropic, b.forms.anthropic, withKey),
        'openai-compatible': readDescribedForm(defaults.b.forms['openai-compatible'], b.forms['openai-compatible'], withKey),
      },
    },
  };
}

/** The contract's SERVICE_ID_PATTERN. */
const SERVICE_ID = /^[a-z0-9][a-z0-9._-]{0,39}$/;

/** The last settings of this browser, each part checked; anything odd falls back to its default. */
export function loadSettings(): ComparisonSettings {
  const defaults = createDefaultSettings();
  const raw = readStored(SETTINGS_STORAGE_KEY);
  if (!isRecord(raw)) return defaults;
  const rememberKeys = raw.rememberKeys === true;
  return {
    chatGPT: readChatGptForm(defaults.chatGPT, raw.chatGPT, rememberKeys),
    bard: readBardForm(defaults.bard, raw.bard, rememberKeys),
    rememberKeys,
    sides: readPair(raw.sides, rememberKeys),
  };
}
