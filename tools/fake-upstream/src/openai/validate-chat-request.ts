// POST /v1/chat/completions body checks (docs/wire-formats.md §1.2), strict like the real API.
import { describeJsonType, invalidRequest, modelNotFound, OpenAIRejection, reject, type OpenAIErrorReply } from './openai-errors.ts';
import { openaiCatalog, type ChatModelCatalog } from './openai-models.ts';
import { checkMessages } from './validate-chat-messages.ts';

export interface ChatRequest {
  model: string;
  /** Dated snapshot reported back in `model`, as the real service does. */
  servedModel: string;
  messages: Array<Record<string, unknown>>;
  n: number;
  maxTokens: number | undefined;
  stop: string[];
  stream: boolean;
  includeUsage: boolean;
  includeObfuscation: boolean;
}

export type ChatValidation = { ok: true; request: ChatRequest } | { ok: false; reply: OpenAIErrorReply };

const knownFields = new Set([
  'model', 'messages', 'temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'max_tokens',
  'max_completion_tokens', 'n', 'stream', 'stream_options', 'stop', 'logprobs', 'top_logprobs', 'logit_bias',
  'seed', 'user', 'safety_identifier', 'prompt_cache_key', 'response_format', 'tools', 'tool_choice',
  'parallel_tool_calls', 'reasoning_effort', 'verbosity', 'modalities', 'audio', 'store', 'metadata',
  'service_tier', 'prediction', 'web_search_options', 'functions', 'function_call',
]);

type Body = Record<string, unknown>;

/** [name, min, max, integer] ranges; null values mean "use the default" and are accepted. */
const ranges: Array<[string, number, number, boolean]> = [
  ['temperature', 0, 2, false],
  ['top_p', 0, 1, false],
  ['frequency_penalty', -2, 2, false],
  ['presence_penalty', -2, 2, false],
  ['n', 1, 128, true],
  ['max_tokens', 1, Number.MAX_SAFE_INTEGER, true],
  ['max_completion_tokens', 1, Number.MAX_SAFE_INTEGER, true],
  ['top_logprobs', 0, 20, true],
];

function checkRange(body: Body, [name, min, max, integer]: [string, number, number, boolean]): void {
  const value = body[name];
  if (value === undefined || value === null) return;
  const kind = integer ? 'integer' : 'decimal';
  if (typeof value !== 'number' || (integer && !Number.isInteger(value))) {
    throw reject(`Invalid type for '${name}': expected ${integer ? 'an integer' : 'a decimal'}, but got ${describeJsonType(value)} instead.`, name, 'invalid_type');
  }
  if (value < min) throw reject(`Invalid '${name}': ${kind} below minimum value. Expected a value >= ${min}, but got ${value} instead.`, name, `${kind}_below_min_value`);
  if (value > max) throw reject(`Invalid '${name}': ${kind} above maximum value. Expected a value <= ${max}, but got ${value} instead.`, name, `${kind}_above_max_value`);
}

function checkBoolean(body: Body, name: string): void {
  const value = body[name];
  if (value !== undefined && value !== null && typeof value !== 'boolean') {
    throw reject(`Invalid type for '${name}': expected a boolean, but got ${describeJsonType(value)} instead.`, name, 'invalid_type');
  }
}

function readStop(stop: unknown): string[] {
  if (stop === undefined || stop === null) return [];
  if (typeof stop === 'string') return [stop];
  if (!Array.isArray(stop) || stop.some((item) => typeof item !== 'string')) {
    throw reject(`Invalid type for 'stop': expected one of a string or array of strings, but got ${describeJsonType(stop)} instead.`, 'stop', 'invalid_type');
  }
  if (stop.length > 4) {
    throw reject(`Invalid 'stop': array too long. Expected an array with maximum length 4, but got an array with length ${stop.length} instead.`, 'stop', 'array_above_max_length');
  }
  return stop as string[];
}

/** Reasoning models accept only the default sampling values (§1.2 caveat) and no `max_tokens`. */
function checkReasoningModelLimits(body: Body): void {
  if (body['max_tokens'] !== undefined && body['max_tokens'] !== null) {
    throw reject("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter');
  }
  const defaults: Array<[string, number]> = [['temperature', 1], ['top_p', 1], ['presence_penalty', 0], ['frequency_penalty', 0]];
  for (const [name, fallback] of defaults) {
    const value = body[name];
    if (value !== undefined && value !== null && value !== fallback) {
      throw reject(`Unsupported value: '${name}' does not support ${JSON.stringify(value)} with this model. Only the default (${fallback}) value is supported.`, name, 'unsupported_value');
    }
  }
}

function checkBody(body: Body, catalog: ChatModelCatalog): ChatRequest {
  const unknown = Object.keys(body).find((key) => !knownFields.has(key));
  if (unknown) throw reject(`Unrecognized request argument supplied: ${unknown}`, unknown, null);
  const model = body['model'];
  if (model === undefined || model === null) throw reject('you must provide a model parameter', null, null);
  if (typeof model !== 'string') throw reject(`Invalid type for 'model': expected a string, but got ${describeJsonType(model)} instead.`, 'model', 'invalid_type');
  checkMessages(body['messages']);
  ranges.forEach((range) => checkRange(body, range));
  ['stream', 'logprobs', 'store', 'parallel_tool_calls'].forEach((name) => checkBoolean(body, name));
  const stop = readStop(body['stop']);
  const stream = body['stream'] === true;
  const streamOptions = body['stream_options'];
  if (streamOptions !== undefined && streamOptions !== null && !stream) {
    throw reject("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options', 'invalid_value');
  }
  const entry = catalog.find(model);
  if (!entry) throw new OpenAIRejection(modelNotFound(model));
  if (!entry.chat) {
    throw new OpenAIRejection(invalidRequest('This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?', 'model', null, 404));
  }
  if (catalog.isReasoning(model)) checkReasoningModelLimits(body);
  const options = (typeof streamOptions === 'object' && streamOptions !== null ? streamOptions : {}) as Body;
  const maxTokens = body['max_completion_tokens'] ?? body['max_tokens'];
  return {
    model,
    servedModel: entry.snapshot ?? model,
    messages: body['messages'] as Array<Record<string, unknown>>,
    n: typeof body['n'] === 'number' ? body['n'] : 1,
    maxTokens: typeof maxTokens === 'number' ? maxTokens : undefined,
    stop,
    stream,
    includeUsage: options['include_usage'] === true,
    includeObfuscation: options['include_obfuscation'] !== false,
  };
}

export function validateChatRequest(body: unknown, catalog: ChatModelCatalog = openaiCatalog): ChatValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, reply: invalidRequest(`Invalid type for 'body': expected an object, but got ${describeJsonType(body)} instead.`, null, 'invalid_type') };
  }
  try {
    return { ok: true, request: checkBody(body as Body, catalog) };
  } catch (error) {
    if (error instanceof OpenAIRejection) return { ok: false, reply: error.reply };
    throw error;
  }
}
