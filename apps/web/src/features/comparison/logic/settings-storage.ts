import { CHAT_ROLES, INPUT_LIMITS, REASONING_EFFORTS, THINKING_BUDGET, type TBardMessage, type TChatGptMessage } from '@promptpair/contract';
import { readStored, writeStored } from '../../../lib/storage.ts';
import {
  BARD_OPTION_FIELDS,
  CHATGPT_OPTION_FIELDS,
  createDefaultSettings,
  type ComparisonSettings,
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
  return {
    ...settings,
    chatGPT: { ...settings.chatGPT, apiKey: '' },
    bard: { ...settings.bard, apiKey: '' },
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

/** The last settings of this browser, each part checked; anything odd falls back to its default. */
export function loadSettings(): ComparisonSettings {
  const defaults = createDefaultSettings();
  const raw = readStored(SETTINGS_STORAGE_KEY);
  if (!isRecord(raw)) return defaults;
  const rememberKeys = raw.rememberKeys === true;
  const chat = isRecord(raw.chatGPT) ? raw.chatGPT : {};
  const bard = isRecord(raw.bard) ? raw.bard : {};
  const effort = (REASONING_EFFORTS as readonly unknown[]).includes(chat.reasoningEffort) ? (chat.reasoningEffort as ChatGptForm['reasoningEffort']) : '';
  const budget = bard.thinkingBudget;
  const thinkingBudget =
    isRecord(budget) && typeof budget.enabled === 'boolean' && typeof budget.value === 'number' && budget.value >= THINKING_BUDGET.min && budget.value <= THINKING_BUDGET.max
      ? { enabled: budget.enabled, value: budget.value }
      : defaults.bard.thinkingBudget;
  return {
    chatGPT: {
      ...readService(defaults.chatGPT, raw.chatGPT, CHATGPT_OPTION_FIELDS, parseChatGptMessages, rememberKeys),
      reasoningEffort: effort,
      sendUnsupported: chat.sendUnsupported === true,
    },
    bard: { ...readService(defaults.bard, raw.bard, BARD_OPTION_FIELDS, parseBardMessages, rememberKeys), thinkingBudget },
    rememberKeys,
  };
}
