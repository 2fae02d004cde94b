import {
  BARD_LIMITS,
  CHATGPT_LIMITS,
  DEFAULT_BARD_MESSAGES,
  DEFAULT_CHATGPT_MESSAGES,
  SPEC_PAIR,
  THINKING_BUDGET,
  type REASONING_EFFORTS,
  type SliderRange,
  type TBardMessage,
  type TChatGptMessage,
  type Side,
  type TPairMessage,
  type TServiceKind,
} from '@promptpair/contract';

export type OpenAiOptionKey = keyof typeof CHATGPT_LIMITS;
export type GoogleOptionKey = keyof typeof BARD_LIMITS;

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

export type OpenAiForm = ServiceForm<OpenAiOptionKey, TChatGptMessage> & ReasoningForm;
/** A Gemini thinking model's budget, sent only while ticked. */
export type GoogleForm = ServiceForm<GoogleOptionKey, TBardMessage> & { thinkingBudget: OptionState };

/**
 * The form of a kind whose panel is drawn from its settings' descriptors (Anthropic, a declared
 * OpenAI-compatible service): sliders by setting name, texts and text lists, messages by role.
 */
export type DescribedForm = ServiceForm<string, TPairMessage> & {
  texts: Record<string, string>;
  lists: Record<string, string[]>;
};

/** The contract's SERVICE_KINDS (its module holds zod, which stays out of the page's first bundle); side-panels.test.ts holds them equal. */
export const SERVICE_KIND_NAMES = ['openai', 'google', 'anthropic', 'openai-compatible'] as const satisfies readonly TServiceKind[];

/** One form per kind, so a side keeps each kind's settings while the visitor tries another service. */
export interface KindForms {
  openai: OpenAiForm;
  google: GoogleForm;
  anthropic: DescribedForm;
  'openai-compatible': DescribedForm;
}

/** The spec's pair (docs/product.md §2): ChatGPT on the left, Palm API (Gemini) on the right. */
export const DEFAULT_SIDE_SERVICES = {
  a: { service: SPEC_PAIR.a.service, kind: SPEC_PAIR.a.kind },
  b: { service: SPEC_PAIR.b.service, kind: SPEC_PAIR.b.kind },
} as const satisfies Record<Side, { service: string; kind: TServiceKind }>;

/**
 * What stands on one side: the service's id and kind (kept, so a remembered side can be sent before
 * the list of services arrives) and the side's form of every kind. Side a's OpenAI form is the
 * spec's ChatGPT panel, side b's Google form its Palm API panel.
 */
export interface SideSettings {
  service: string;
  kind: TServiceKind;
  forms: KindForms;
}

export type PairSettings = Record<Side, SideSettings>;

export interface ComparisonSettings {
  /** Opt-in: keep the API keys in this browser's storage too. Off by default. */
  rememberKeys: boolean;
  sides: PairSettings;
}

export interface OptionField<K extends string> {
  key: K;
  label: string;
  limits: SliderRange;
}

/** Panel order and visible names of the sliders of docs/product.md §9. */
export const OPENAI_OPTION_FIELDS: readonly OptionField<OpenAiOptionKey>[] = [
  { key: 'temperature', label: 'Temperature', limits: CHATGPT_LIMITS.temperature },
  { key: 'top_p', label: 'Top P', limits: CHATGPT_LIMITS.top_p },
  { key: 'frequencyPenalty', label: 'Frequency penalty', limits: CHATGPT_LIMITS.frequencyPenalty },
  { key: 'presencePenalty', label: 'Presence penalty', limits: CHATGPT_LIMITS.presencePenalty },
  { key: 'maxLength', label: 'Maximum length', limits: CHATGPT_LIMITS.maxLength },
];

export const GOOGLE_OPTION_FIELDS: readonly OptionField<GoogleOptionKey>[] = [
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

export function createDescribedForm(): DescribedForm {
  // No opening messages: these kinds take a system prompt or messages the visitor adds.
  return { model: '', messages: [], options: {}, texts: {}, lists: {}, apiKey: '', logOutput: false, leaveOut: false };
}

function createOpenAiForm(): OpenAiForm {
  return {
    // '' until the server's offer names the default (hooks/use-model-list.ts); sent as "no model".
    model: '',
    messages: DEFAULT_CHATGPT_MESSAGES.map((message) => ({ ...message })),
    options: defaultOptions(OPENAI_OPTION_FIELDS),
    apiKey: '',
    logOutput: false,
    leaveOut: false,
    reasoningEffort: '',
    sendUnsupported: false,
  };
}

function createGoogleForm(): GoogleForm {
  return {
    model: '',
    messages: DEFAULT_BARD_MESSAGES.map((message) => ({ ...message })),
    options: defaultOptions(GOOGLE_OPTION_FIELDS),
    apiKey: '',
    logOutput: false,
    leaveOut: false,
    thinkingBudget: { enabled: false, value: THINKING_BUDGET.default },
  };
}

export function createKindForms(): KindForms {
  return { openai: createOpenAiForm(), google: createGoogleForm(), anthropic: createDescribedForm(), 'openai-compatible': createDescribedForm() };
}

export function createDefaultPair(): PairSettings {
  return { a: { ...DEFAULT_SIDE_SERVICES.a, forms: createKindForms() }, b: { ...DEFAULT_SIDE_SERVICES.b, forms: createKindForms() } };
}

export function createDefaultSettings(): ComparisonSettings {
  return { rememberKeys: false, sides: createDefaultPair() };
}
