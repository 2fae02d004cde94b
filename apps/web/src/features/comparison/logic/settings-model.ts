import {
  BARD_LIMITS,
  CHATGPT_LIMITS,
  DEFAULT_BARD_MESSAGES,
  DEFAULT_CHATGPT_MESSAGES,
  THINKING_BUDGET,
  type REASONING_EFFORTS,
  type SliderRange,
  type TBardMessage,
  type TChatGptMessage,
} from '@promptpair/contract';

export type ChatGptOptionKey = keyof typeof CHATGPT_LIMITS;
export type BardOptionKey = keyof typeof BARD_LIMITS;

/** One optional setting: sent only while enabled (docs/product.md §3, §4). */
export interface OptionState {
  enabled: boolean;
  value: number;
}

/** Everything one service's panel holds. */
export interface ServiceForm<K extends string, M> {
  model: string;
  messages: M[];
  options: Record<K, OptionState>;
  apiKey: string;
  logOutput: boolean;
  /** Omits this service's settings object from the request entirely. */
  leaveOut: boolean;
}

/** A reasoning model's settings (MODEL_TEXTS): effort ('' = the model's own) and whether to send the sampling settings anyway. */
export interface ReasoningForm {
  reasoningEffort: '' | (typeof REASONING_EFFORTS)[number];
  sendUnsupported: boolean;
}

export type ChatGptForm = ServiceForm<ChatGptOptionKey, TChatGptMessage> & ReasoningForm;
/** A Gemini thinking model's budget, sent only while ticked. */
export type BardForm = ServiceForm<BardOptionKey, TBardMessage> & { thinkingBudget: OptionState };

export interface ComparisonSettings {
  chatGPT: ChatGptForm;
  bard: BardForm;
  /** Opt-in: keep the API keys in this browser's storage too. Off by default. */
  rememberKeys: boolean;
}

export interface OptionField<K extends string> {
  key: K;
  label: string;
  limits: SliderRange;
}

/** Panel order and visible names of the sliders of docs/product.md §9. */
export const CHATGPT_OPTION_FIELDS: readonly OptionField<ChatGptOptionKey>[] = [
  { key: 'temperature', label: 'Temperature', limits: CHATGPT_LIMITS.temperature },
  { key: 'top_p', label: 'Top P', limits: CHATGPT_LIMITS.top_p },
  { key: 'frequencyPenalty', label: 'Frequency penalty', limits: CHATGPT_LIMITS.frequencyPenalty },
  { key: 'presencePenalty', label: 'Presence penalty', limits: CHATGPT_LIMITS.presencePenalty },
  { key: 'maxLength', label: 'Maximum length', limits: CHATGPT_LIMITS.maxLength },
];

export const BARD_OPTION_FIELDS: readonly OptionField<BardOptionKey>[] = [
  { key: 'temperature', label: 'Temperature', limits: BARD_LIMITS.temperature },
  { key: 'candidateCount', label: 'Candidate count', limits: BARD_LIMITS.candidateCount },
  { key: 'maxOutputTokens', label: 'Max output tokens', limits: BARD_LIMITS.maxOutputTokens },
  { key: 'topP', label: 'Top P', limits: BARD_LIMITS.topP },
  { key: 'topK', label: 'Top K', limits: BARD_LIMITS.topK },
];

function defaultOptions<K extends string>(fields: readonly OptionField<K>[]): Record<K, OptionState> {
  return Object.fromEntries(fields.map((field) => [field.key, { enabled: false, value: field.limits.default }])) as Record<
    K,
    OptionState
  >;
}

export function createDefaultSettings(): ComparisonSettings {
  return {
    chatGPT: {
      // '' until the server's offer names the default (hooks/use-model-list.ts); sent as "no model".
      model: '',
      messages: DEFAULT_CHATGPT_MESSAGES.map((message) => ({ ...message })),
      options: defaultOptions(CHATGPT_OPTION_FIELDS),
      apiKey: '',
      logOutput: false,
      leaveOut: false,
      reasoningEffort: '',
      sendUnsupported: false,
    },
    bard: {
      model: '',
      messages: DEFAULT_BARD_MESSAGES.map((message) => ({ ...message })),
      options: defaultOptions(BARD_OPTION_FIELDS),
      apiKey: '',
      logOutput: false,
      leaveOut: false,
      thinkingBudget: { enabled: false, value: THINKING_BUDGET.default },
    },
    rememberKeys: false,
  };
}
