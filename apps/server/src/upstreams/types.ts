import type { ListedModel } from './model-offer.ts';
import type { TBardSettings, TChatGptSettings, TTokenUsage, UpstreamErrorCode } from '@promptpair/contract';

/** Where an upstream lives and how long we wait for it. Built once from env. */
export interface UpstreamConfig {
  /** OpenAI base URL including /v1, as the SDK expects. */
  openaiBaseUrl: string;
  /** Google Generative Language root; the adapters add /v1beta or /v1beta2. */
  googleBaseUrl: string;
  /** Per-call budget, retries included. */
  timeoutMs: number;
  /** Retries after the first attempt for retryable failures (429 with a short Retry-After, 5xx, network). */
  maxRetries: number;
  /** Longest Retry-After we are willing to wait inside one interactive call. */
  maxRetryDelayMs: number;
  /** Most bytes read of one answer (UPSTREAM_MAX_RESPONSE_BYTES); unset: no limit (adapter tests). */
  maxResponseBytes?: number;
  /** The HTTP client every call of the adapters goes through; createAdapters gives http/upstream-fetch.ts when unset. */
  fetch?: typeof fetch;
}

export interface GenerateInput<S> {
  prompt: string;
  settings: S;
  apiKey: string;
  /**
   * The caller's: aborted when the visitor stops or leaves. Absent when nothing but the call's own
   * budget ends it (a JSON comparison), which then makes the only signal (upstreams/call-budget.ts).
   */
  signal?: AbortSignal | undefined;
  /**
   * Set to stream: called with each piece of answer text as it arrives (the pieces joined are the
   * first answer's text). A service that cannot stream calls it once with the whole text.
   */
  onText?: (text: string) => void;
}

/** What a successful call gives back, before timing is added. */
export interface Generation {
  message: string;
  tokens: number | null;
  /** The upstream's JSON answer, as received. */
  rawOutput: unknown;
  /** The model that answered, as the answer names it or as it was asked for. */
  model?: string;
  /** Tokens in and out, null when the answer does not say; priced by services/priced-adapters.ts. */
  usage?: TTokenUsage | null;
  /** US dollars at list prices, null when unknown; set by the pricing wrapper, not the adapters. */
  cost?: number | null;
}

export interface ServiceAdapter<S> {
  /**
   * One answer. With `onText` the call streams and resolves, once the service has finished, with
   * the same Generation a whole answer gives: `rawOutput` is then the streamed pieces assembled
   * into the service's own answer object (docs/decisions.md, "Streamed comparisons").
   */
  generate(input: GenerateInput<S>): Promise<Generation>;
  /** Model ids that can chat, as the upstream lists them. */
  listModels(apiKey: string, signal: AbortSignal): Promise<string[]>;
  /** The same models with what the list says of each (shutdown day, publication time), where the service says it. */
  listModelEntries?(apiKey: string, signal: AbortSignal): Promise<ListedModel[]>;
}

export type ChatGptAdapter = ServiceAdapter<TChatGptSettings>;
export type BardAdapter = ServiceAdapter<TBardSettings>;

/** A classified upstream failure (docs/wire-formats.md §4.4). Never carries a key. */
export class UpstreamError extends Error {
  readonly code: UpstreamErrorCode;
  readonly status: number | undefined;
  /** How long the upstream asked us to wait before trying again. */
  readonly retryAfterMs: number | undefined;
  readonly detail: { model?: string; reason?: string; retiredOn?: string };

  constructor(
    code: UpstreamErrorCode,
    message: string,
    options: { status?: number; retryAfterMs?: number; model?: string; reason?: string; retiredOn?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.code = code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.detail = { model: options.model, reason: options.reason, ...(options.retiredOn ? { retiredOn: options.retiredOn } : {}) };
  }

  get retryable(): boolean {
    return ['upstream_rate_limited', 'upstream_error', 'upstream_unreachable', 'upstream_bad_response'].includes(this.code);
  }
}
