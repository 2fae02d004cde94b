// OpenAI error bodies (docs/wire-formats.md §1.6) and the headers that travel with them (§1.7).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type Headers } from '../http-io.ts';
import type { Scenario } from '../types.ts';

export interface OpenAIError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export interface OpenAIErrorReply {
  status: number;
  error: OpenAIError;
  headers?: Headers;
}

export function invalidRequest(message: string, param: string | null = null, code: string | null = null, status = 400): OpenAIErrorReply {
  return { status, error: { message, type: 'invalid_request_error', param, code } };
}

/** The real service never echoes a key: it keeps a short prefix and the last 4 characters. */
export function maskKey(key: string): string {
  if (key.length < 12) return '*'.repeat(key.length);
  return `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}

export function authError(key: string | undefined): OpenAIErrorReply {
  if (!key) {
    return invalidRequest(
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY). You can obtain an API key from https://platform.openai.com/account/api-keys.",
      null, 'invalid_api_key', 401,
    );
  }
  return invalidRequest(
    `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    null, 'invalid_api_key', 401,
  );
}

export function modelNotFound(model: string): OpenAIErrorReply {
  return invalidRequest(`The model \`${model}\` does not exist or you do not have access to it.`, null, 'model_not_found', 404);
}

/** x-ratelimit-* headers (§1.7); `remaining` 0 on a rate-limited reply. */
export function rateLimitHeaders(limited: boolean, resetSeconds = 1): Headers {
  return {
    'x-ratelimit-limit-requests': '500',
    'x-ratelimit-limit-tokens': '200000',
    'x-ratelimit-remaining-requests': limited ? '0' : '499',
    'x-ratelimit-remaining-tokens': limited ? '0' : '199000',
    'x-ratelimit-reset-requests': limited ? `${resetSeconds}s` : '120ms',
    'x-ratelimit-reset-tokens': limited ? `${resetSeconds}s` : '6ms',
  };
}

function rateLimited(scenario: Scenario, model: string): OpenAIErrorReply {
  const seconds = scenario.retryAfterSeconds;
  const headers = rateLimitHeaders(true, seconds ?? 1);
  if (seconds !== undefined) {
    headers['retry-after'] = String(Math.ceil(seconds));
    headers['retry-after-ms'] = String(Math.round(seconds * 1000));
  }
  const error = {
    message: `Rate limit reached for ${model} in organization org-fakeupstream on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${seconds ?? 1}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
    type: 'requests', param: null, code: 'rate_limit_exceeded',
  };
  return { status: 429, error, headers };
}

/** The body the real service sends for a forced status (Scenario.status / quota). */
export function scenarioError(scenario: Scenario, model: string, key: string | undefined): OpenAIErrorReply {
  if (scenario.context) {
    const message = "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages.";
    return invalidRequest(message, 'messages', 'context_length_exceeded');
  }
  const status = scenario.status ?? 429;
  if (status === 429 && scenario.quota) {
    const message = 'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';
    return { status, error: { message, type: 'insufficient_quota', param: null, code: 'insufficient_quota' } };
  }
  switch (status) {
    case 429: return rateLimited(scenario, model);
    case 401: return authError(key ?? 'sk-unknown-key');
    case 404: return modelNotFound(model);
    case 403: return invalidRequest('Country, region, or territory not supported', null, 'unsupported_country_region_territory', 403);
    case 400: return invalidRequest("Invalid 'messages[0].content': the request was rejected by the fake upstream scenario.", 'messages', 'invalid_value');
    case 500: return { status, error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } };
    case 503: return { status, error: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', param: null, code: null } };
    default: {
      const type = status >= 500 ? 'server_error' : 'invalid_request_error';
      return { status, error: { message: `The fake upstream answered with status ${status}.`, type, param: null, code: null } };
    }
  }
}

/** Headers every OpenAI reply carries; the SDK keeps x-request-id on its errors. */
export function openaiHeaders(): Headers {
  return { 'x-request-id': `req_${randomBytes(16).toString('hex')}`, 'openai-version': '2020-10-01', 'openai-processing-ms': '42' };
}

export function sendOpenAIError(res: ServerResponse, reply: OpenAIErrorReply): void {
  sendJson(res, reply.status, { error: reply.error }, { ...openaiHeaders(), ...reply.headers });
}

/** Thrown by validators so each check can stop at the first problem, like the real API. */
export class OpenAIRejection extends Error {
  constructor(readonly reply: OpenAIErrorReply) {
    super(reply.error.message);
  }
}

export function reject(message: string, param: string | null, code: string | null, status = 400): OpenAIRejection {
  return new OpenAIRejection(invalidRequest(message, param, code, status));
}

/** Wording the real service uses in "expected X, but got Y instead". */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
