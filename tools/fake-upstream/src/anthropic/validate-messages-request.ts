// POST /v1/messages body checks, strict like the real API, with its "field: problem" wording.
import { invalidRequest, notFound, type AnthropicErrorReply, type AnthropicVersion } from './anthropic-errors.ts';
import { findAnthropicModel, type AnthropicCatalogEntry } from './anthropic-models.ts';

export interface MessagesRequest {
  entry: AnthropicCatalogEntry;
  messages: Array<{ role: string; content: unknown }>;
  system: unknown;
  maxTokens: number;
  stopSequences: string[];
  stream: boolean;
}

type Body = Record<string, unknown>;

const SAMPLING = ['temperature', 'top_p', 'top_k'] as const;
const COMMON_FIELDS = [
  'model', 'messages', 'max_tokens', 'system', 'metadata', 'stop_sequences', 'stream', 'tools', 'tool_choice', 'thinking',
  'service_tier', 'container', 'mcp_servers', 'output_config', 'context_management', 'cache_control', 'inference_geo', 'speed',
];
/** API version 2026-10-21 removed the sampling parameters: sending one, even at its default, is an unknown field. */
const KNOWN_FIELDS: Record<AnthropicVersion, ReadonlySet<string>> = {
  '2023-06-01': new Set([...COMMON_FIELDS, ...SAMPLING]),
  '2026-10-21': new Set(COMMON_FIELDS),
};
const ROLES = ['user', 'assistant', 'system'];

class Rejection extends Error {
  constructor(readonly reply: AnthropicErrorReply) {
    super(reply.message);
  }
}
const reject = (message: string) => new Rejection(invalidRequest(message));

function checkNumber(body: Body, name: string, min: number, max: number, integer: boolean): void {
  const value = body[name];
  if (value === undefined) return;
  if (typeof value !== 'number' || (integer && !Number.isInteger(value))) {
    throw reject(`${name}: Input should be a valid ${integer ? 'integer' : 'number'}`);
  }
  if (value < min) throw reject(`${name}: Input should be greater than or equal to ${min}`);
  if (value > max) throw reject(`${name}: Input should be less than or equal to ${max}`);
}

function checkTextBlocks(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (value === '') throw reject(`${path}: text content blocks must be non-empty`);
    return;
  }
  if (!Array.isArray(value)) throw reject(`${path}: Input should be a valid list`);
  value.forEach((block: unknown, index) => {
    const item = block as { type?: unknown; text?: unknown } | null;
    if (typeof item !== 'object' || item === null) throw reject(`${path}.${index}: Input should be a valid dictionary`);
    if (typeof item.type !== 'string') throw reject(`${path}.${index}.type: Field required`);
    if (item.type === 'text' && typeof item.text !== 'string') throw reject(`${path}.${index}.text: Field required`);
    if (item.type === 'text' && item.text === '') throw reject(`${path}: text content blocks must be non-empty`);
  });
}

function checkMessages(messages: unknown): Array<{ role: string; content: unknown }> {
  if (messages === undefined) throw reject('messages: Field required');
  if (!Array.isArray(messages)) throw reject('messages: Input should be a valid list');
  if (messages.length === 0) throw reject('messages: List should have at least 1 item after validation, not 0');
  return messages.map((message: unknown, index) => {
    const item = message as { role?: unknown; content?: unknown } | null;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw reject(`messages.${index}: Input should be a valid dictionary`);
    if (item.role === undefined) throw reject(`messages.${index}.role: Field required`);
    if (typeof item.role !== 'string' || !ROLES.includes(item.role)) throw reject(`messages.${index}.role: Input should be 'user', 'assistant' or 'system'`);
    if (item.content === undefined) throw reject(`messages.${index}.content: Field required`);
    checkTextBlocks(item.content, `messages.${index}.content`);
    return { role: item.role, content: item.content };
  });
}

function checkStopSequences(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw reject('stop_sequences: Input should be a valid list');
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') throw reject(`stop_sequences.${index}: Input should be a valid string`);
  });
  return value as string[];
}

/** Claude 4.7 and later refuse sampling values other than the defaults; some models refuse temperature with top_p. */
function checkModelSampling(body: Body, entry: AnthropicCatalogEntry): void {
  if (entry.samplingDefaultsOnly) {
    const defaults: Record<string, number | undefined> = { temperature: 1, top_p: 1, top_k: undefined };
    for (const name of SAMPLING) {
      if (body[name] !== undefined && body[name] !== defaults[name]) throw reject(`\`${name}\` is deprecated for this model.`);
    }
  }
  if (entry.temperatureOrTopP && body['temperature'] !== undefined && body['top_p'] !== undefined) {
    throw reject('`temperature` and `top_p` cannot both be specified for this model. Please use only one.');
  }
}

function checkBody(body: Body, version: AnthropicVersion): MessagesRequest {
  const extra = Object.keys(body).find((key) => !KNOWN_FIELDS[version].has(key));
  if (extra) throw reject(`${extra}: Extra inputs are not permitted`);
  const model = body['model'];
  if (model === undefined) throw reject('model: Field required');
  if (typeof model !== 'string') throw reject('model: Input should be a valid string');
  const maxTokens = body['max_tokens'];
  if (maxTokens === undefined) throw reject('max_tokens: Field required');
  checkNumber(body, 'max_tokens', 0, Number.MAX_SAFE_INTEGER, true);
  const messages = checkMessages(body['messages']);
  if (body['system'] !== undefined) checkTextBlocks(body['system'], 'system');
  checkNumber(body, 'temperature', 0, 1, false);
  checkNumber(body, 'top_p', 0, 1, false);
  checkNumber(body, 'top_k', 0, Number.MAX_SAFE_INTEGER, true);
  const stopSequences = checkStopSequences(body['stop_sequences']);
  if (body['stream'] !== undefined && typeof body['stream'] !== 'boolean') throw reject('stream: Input should be a valid boolean');
  const entry = findAnthropicModel(model);
  if (!entry) throw new Rejection(notFound(`model: ${model}`));
  if ((maxTokens as number) > entry.model.max_tokens) {
    throw reject(`max_tokens: ${maxTokens as number} > ${entry.model.max_tokens}, which is the maximum allowed number of output tokens for ${entry.model.id}`);
  }
  checkModelSampling(body, entry);
  return { entry, messages, system: body['system'], maxTokens: maxTokens as number, stopSequences, stream: body['stream'] === true };
}

export function validateMessagesRequest(body: unknown, version: AnthropicVersion): { ok: true; request: MessagesRequest } | { ok: false; reply: AnthropicErrorReply } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, reply: invalidRequest('Input should be a valid dictionary') };
  }
  try {
    return { ok: true, request: checkBody(body as Body, version) };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, reply: error.reply };
    throw error;
  }
}
