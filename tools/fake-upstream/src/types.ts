// Public types of the fake upstream. Other workspaces import these through src/index.ts.

/** A declared OpenAI-compatible service, named by its id: `compat/<id>`. */
export type CompatServiceName = `compat/${string}`;
export type ServiceName = 'openai' | 'gemini' | 'palm' | 'anthropic' | CompatServiceName;
/** `google` addresses both Google services (gemini and palm). */
export type ScriptTarget = ServiceName | 'google';

/**
 * An OpenAI-compatible service the simulator serves under `/compat/<id>/v1`: the Chat Completions
 * wire format with its own model list, as Groq, OpenRouter, Ollama or vLLM serve it.
 */
export interface CompatService {
  /** Lower-case letters, digits, `.`, `_` and `-`; the path segment and the `compat/<id>` service name. */
  id: string;
  /** Shown in the simulated answer's first line, as "ChatGPT" is for OpenAI. */
  name: string;
  /** Model ids it serves; ids may contain `/` (`meta-llama/llama-3.3-70b-instruct`). */
  models: string[];
  /** Default true. False: answers carry no `usage` at all, as some compatible servers do. */
  usage?: boolean;
}

export interface FakeUpstreamOptions {
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0. Added to every generation call. */
  latencyMs?: number;
  /** If set, only these keys are accepted; otherwise any non-empty key not starting with "bad". */
  validKeys?: string[];
  /**
   * Default true: keep every API request in `requests` for tests to inspect. A long-running
   * simulator (the server's demo mode) turns it off, or the list grows with every prompt.
   */
  recordRequests?: boolean;
  /**
   * Tokens per second at which streamed answers are written, per service; unset: as fast as the
   * event loop allows. The demo simulator sets a realistic pace so streaming shows.
   */
  streamPace?: Partial<Record<ServiceName, StreamPace>>;
  /** `plain` (default): a short deterministic text. `markdown`: the same facts as a Markdown answer (demo). */
  answerStyle?: AnswerStyle;
  /** OpenAI-compatible services to serve; default SAMPLE_COMPAT_SERVICES, `[]` for none. */
  compatServices?: CompatService[];
  /**
   * Model ids (Gemini's without `models/`) the simulator neither lists nor serves, as a service does
   * once it has shut a model down: lists lacking some models, for tests. Changeable with hideModels().
   */
  hiddenModels?: string[];
}

export type AnswerStyle = 'plain' | 'markdown';

/** A simulated model's speed: a pause before its first words, then a steady rate. */
export interface StreamPace {
  tokensPerSecond: number;
  /** After the answer's headers, before its first text (what a visitor sees as time to first token). Default 0. */
  firstTokenMs?: number;
}

/**
 * The pace of today's fast chat models, each service its own: what the demo shows and what the
 * benchmark streams at. Unset, the simulator writes as fast as it can (the tests' default).
 */
export const MODEL_LIKE_PACE = {
  openai: { tokensPerSecond: 45, firstTokenMs: 250 },
  gemini: { tokensPerSecond: 80, firstTokenMs: 550 },
  anthropic: { tokensPerSecond: 60, firstTokenMs: 400 },
} as const satisfies Partial<Record<ServiceName, StreamPace>>;

/** How one streamed answer ended, as the fake saw it from its side of the connection. */
export interface StreamOutcome {
  service: ServiceName;
  ending: 'in-progress' | 'completed' | 'cut' | 'client-closed';
  /** Date.now() when the stream started. */
  at: number;
}

export interface Scenario {
  latencyMs?: number;
  /** Force an error status, answered with the provider's real error body for that status. */
  status?: number;
  retryAfterSeconds?: number;
  /** 429 as quota-exhausted rather than rate limit. */
  quota?: boolean;
  /** 400: the prompt is longer than the model's context window, in the service's own words. */
  context?: boolean;
  /** 200 with a body that is not valid JSON. */
  malformed?: boolean;
  /** Never answer (until the client aborts or the server closes). */
  hang?: boolean;
  /** Start a 200 answer, then drop the connection with a TCP reset, as a crashing upstream or proxy does. */
  reset?: boolean;
  /** Answer text (replaces the simulated answer). */
  text?: string;
  /** Streams only: write at this many tokens per second (overrides the simulator's pace). */
  tokensPerSecond?: number;
  /** Streams only: reset the connection after this many events, as an upstream dying mid-answer does. */
  cutAfter?: number;
  /** OpenAI and compatible services: answer without `usage` (JSON and streamed), as some compatible servers do. */
  noUsage?: boolean;
  /** Anthropic streams only: after this many events, send an `error` event (overloaded_error) and end the stream. */
  errorEventAfter?: number;
}

export interface RecordedRequest {
  service: ServiceName;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, the raw text otherwise, null when empty. */
  body: unknown;
  /** Date.now() when received. */
  at: number;
}

export interface FakeUpstream {
  /** Root URL, e.g. http://127.0.0.1:45678 (no path). */
  url: string;
  /** url + '/v1', what the openai SDK wants as baseURL. */
  openaiBaseUrl: string;
  /** url + '/anthropic', what @anthropic-ai/sdk wants as baseURL (it adds /v1/messages itself). */
  anthropicBaseUrl: string;
  /** url + '/compat/<id>/v1': a declared OpenAI-compatible service's base URL, as the openai SDK wants it. */
  compatBaseUrl(id: string): string;
  /** url (root); clients add /v1beta or /v1beta2. */
  googleBaseUrl: string;
  /** Every API request received, in order (control endpoints excluded); empty when recordRequests is false. */
  requests: RecordedRequest[];
  /** Queue scenarios consumed by the next generation calls of that service, or of every service (`all`); times: default 1, Infinity allowed. */
  script(service: ScriptTarget | 'all', scenario: Scenario, times?: number): void;
  /** Clear queued scenarios and recorded requests. */
  reset(): void;
  /** From now on, neither list nor serve these model ids (replaces the previous set; [] shows every model). Kept across reset(). */
  hideModels(ids: readonly string[]): void;
  /** Streamed answers, oldest first (the last 1000): how each ended. */
  streams(): StreamOutcome[];
  /** TCP connections open to the fake right now (keep-alive ones included): tests look for leaked sockets. */
  connections(): Promise<number>;
  /** Stop listening and end every open connection, hanging ones included. */
  close(): Promise<void>;
}
