/**
 * Business constants of docs/product.md §9, plus the few product-wide numbers the spec leaves open.
 * Server and web both read these; nothing else may restate them.
 */

/** Free prompts a visitor may run on the operators' keys (docs/product.md §1, §6, §9). */
export const FREE_PROMPTS = 5;

/** A slider's range, step and default value. */
export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

/** ChatGPT option sliders (docs/product.md §9). */
export const CHATGPT_LIMITS = {
  temperature: { min: 0, max: 2, step: 0.1, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 0.5 },
  frequencyPenalty: { min: 0, max: 2, step: 0.01, default: 1 },
  presencePenalty: { min: 0, max: 2, step: 0.01, default: 1 },
  maxLength: { min: 1, max: 4095, step: 1, default: 2048 },
} as const satisfies Record<string, SliderRange>;

/**
 * Bard option sliders (docs/product.md §9). Max output tokens starts at 0 although its slider runs
 * from 1: 0 means "not set", and the server then leaves the field out.
 */
export const BARD_LIMITS = {
  temperature: { min: 0, max: 1, step: 0.1, default: 1 },
  candidateCount: { min: 1, max: 8, step: 1, default: 1 },
  maxOutputTokens: { min: 1, max: 4096, step: 1, default: 0 },
  topP: { min: 0, max: 1, step: 0.01, default: 0.5 },
  topK: { min: 0, max: 100, step: 1, default: 40 },
} as const satisfies Record<string, SliderRange>;

/**
 * Reasoning effort a reasoning model may be asked for (docs/wire-formats.md, OpenAI `reasoning_effort`);
 * unset, the model's own default applies.
 */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;

/**
 * Gemini thinking budget in tokens (generationConfig.thinkingConfig.thinkingBudget): -1 lets the
 * model decide, 0 turns thinking off where the model allows it; unset, the model's default applies.
 */
export const THINKING_BUDGET = { min: -1, max: 32_768, step: 1, default: 1024 } as const satisfies SliderRange;

/** Contact message minimum length (docs/product.md §5, §9). */
export const CONTACT_MESSAGE_MIN_LENGTH = 10;

/**
 * How long stored things are kept (docs/decisions.md, "Retention"). The server enforces it and
 * the privacy page states it; anything not listed is kept until the operator deletes it.
 */
export const RETENTION = { contactMessageDays: 180 } as const;

/** Toast durations in milliseconds (docs/product.md §8, §9). */
export const TOAST_MS = {
  emptyPrompt: 500,
  unexpectedError: 5000,
  freeCapReached: 8000,
  subscriptionSaved: 2000,
} as const;

/** The subscription modal hands the keys over, clears and closes this long after success (docs/product.md §4). */
export const SUBSCRIPTION_CLOSE_DELAY_MS = 400;

/** Escape closes the subscription modal (docs/product.md §2 modal 6). */
export const ESCAPE_KEY_CODE = 27;

/** Cookies the page can read (docs/product.md §4 prefill, §7 XSRF). All live at the site root. */
export const COOKIE_PATH = '/';
export const COOKIE_NAMES = {
  chatgptKey: 'chatgptKey',
  palmapiKey: 'palmapiKey',
  xsrf: 'XSRF-TOKEN',
} as const;
/** Header the HTTP client echoes the XSRF cookie in (docs/product.md §7). */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Input limits the spec leaves open; chosen so a real prompt always fits and abuse does not. */
export const INPUT_LIMITS = {
  promptMaxChars: 32_000,
  messageMaxChars: 32_000,
  messagesMax: 50,
  modelNameMaxChars: 100,
  apiKeyMaxChars: 512,
  authorMaxChars: 64,
  emailMaxChars: 254,
  contactMessageMaxChars: 5_000,
  /** A whole request body; larger ones answer 413. */
  bodyMaxBytes: 1_048_576,
} as const;

/*
 * Models are not constants: each service's offer and default follow its live list and its dated
 * catalog on the server (docs/keeping-models-current.md); the page reads them from GET /api/models.
 */

/** Titles of the two result boxes (docs/product.md §2). */
export const RESULT_TITLES = { chatGPT: 'ChatGPT', palmAPI: 'Palm API' } as const;

/**
 * Roles a ChatGPT message may take (docs/wire-formats.md §1.3); `tool` needs a tool call id the product
 * never has. Kept here, not beside the schema, so the page can use it without loading zod.
 */
export const CHAT_ROLES = ['system', 'developer', 'user', 'assistant'] as const;

/** Default Edit Messages entries (docs/product.md §3). */
export const DEFAULT_MESSAGE_TEXTS = ['You are a helpful assistant.', 'Hello!'] as const;
export const DEFAULT_CHATGPT_MESSAGES = DEFAULT_MESSAGE_TEXTS.map((content) => ({
  role: 'user' as const,
  content,
}));
export const DEFAULT_BARD_MESSAGES = DEFAULT_MESSAGE_TEXTS.map((content) => ({
  author: 'Bard',
  content,
}));

/** Meta tag the server puts in the page in demo mode, so the banner is there from the first paint. */
export const DEMO_MODE_META = 'promptpair-demo-mode';
