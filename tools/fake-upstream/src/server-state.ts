import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ScenarioQueue } from './scenario-queue.ts';
import type { AnswerStyle, CompatService, RecordedRequest, ServiceName, StreamOutcome, StreamPace } from './types.ts';

export interface ResolvedOptions {
  latencyMs: number;
  validKeys: string[] | undefined;
  recordRequests: boolean;
  streamPace: Partial<Record<ServiceName, StreamPace>>;
  answerStyle: AnswerStyle;
  /** Declared OpenAI-compatible services by id. */
  compatServices: ReadonlyMap<string, CompatService>;
  /** Model ids (without `models/`) neither listed nor served: a list without some models, for tests. */
  hiddenModels: Set<string>;
}

/** Everything the route handlers share for the lifetime of one server. */
export interface ServerState {
  options: ResolvedOptions;
  scenarios: ScenarioQueue;
  requests: RecordedRequest[];
  /** Responses held open by `hang`, destroyed by close(). */
  hanging: Set<ServerResponse>;
  streams: StreamOutcome[];
}

/** One API request, already read and recorded. */
export interface ApiCall {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path inside the service's API (`/v1/messages`), without a prefix such as `/anthropic` or `/compat/<id>`. */
  path: string;
  service: ServiceName;
  /** The compatible service called, for `compat/<id>` services. */
  compat?: CompatService | undefined;
  rawBody: string;
  /** Parsed body, or undefined when the body was empty or not JSON (see `bodyIsJson`). */
  body: unknown;
  bodyIsJson: boolean;
  state: ServerState;
  /** performance.now() when the request arrived: simulated latency counts from here. */
  receivedAt: number;
}

/** Accepts the configured keys, or by default any non-empty key that does not start with "bad". */
export function isAcceptedKey(key: string | undefined, options: ResolvedOptions): boolean {
  if (!key) return false;
  if (options.validKeys) return options.validKeys.includes(key);
  return !key.startsWith('bad');
}
