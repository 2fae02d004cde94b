// Anthropic error bodies `{type: 'error', error: {type, message}, request_id}`, the headers every
// answer carries, and the checks every call passes first: the key and the API version.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type Headers } from '../http-io.ts';
import { isAcceptedKey, type ApiCall } from '../server-state.ts';
import type { Scenario } from '../types.ts';

export interface AnthropicErrorReply {
  status: number;
  type: string;
  message: string;
  headers?: Headers;
}

/** 2023-06-01 is the version every client sent for three years; 2026-10-21 the one SDK 1.x sends. */
export const ANTHROPIC_VERSIONS = ['2023-06-01', '2026-10-21'] as const;
export type AnthropicVersion = (typeof ANTHROPIC_VERSIONS)[number];

export const invalidRequest = (message: string, status = 400): AnthropicErrorReply => ({ status, type: 'invalid_request_error', message });
export const notFound = (message: string): AnthropicErrorReply => ({ status: 404, type: 'not_found_error', message });

/** The real service names each answer by a request id, in a header and in error bodies. */
export function requestId(): string {
  return `req_011C${randomBytes(12).toString('base64url')}`;
}

/** anthropic-ratelimit-* headers; `remaining` 0 on a rate-limited reply. */
export function rateLimitHeaders(limited: boolean, resetSeconds = 1): Headers {
  const reset = new Date(Date.now() + (limited ? resetSeconds * 1000 : 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'anthropic-ratelimit-requests-limit': '50',
    'anthropic-ratelimit-requests-remaining': limited ? '0' : '49',
    'anthropic-ratelimit-requests-reset': reset,
    'anthropic-ratelimit-input-tokens-limit': '30000',
    'anthropic-ratelimit-input-tokens-remaining': limited ? '0' : '29000',
    'anthropic-ratelimit-input-tokens-reset': reset,
    'anthropic-ratelimit-output-tokens-limit': '8000',
    'anthropic-ratelimit-output-tokens-remaining': limited ? '0' : '7900',
    'anthropic-ratelimit-output-tokens-reset': reset,
  };
}

export function sendAnthropicError(res: ServerResponse, reply: AnthropicErrorReply): void {
  const id = requestId();
  sendJson(res, reply.status, { type: 'error', error: { type: reply.type, message: reply.message }, request_id: id }, { 'request-id': id, ...reply.headers });
}

/** The key as the API reads it: `x-api-key` first (it wins when both are sent), else `Authorization: Bearer` (SDK 1.x). */
export function anthropicKey(call: ApiCall): string | undefined {
  const header = call.req.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key) return key.trim() || undefined;
  return /^Bearer\s+(.+)$/i.exec(call.req.headers.authorization ?? '')?.[1]?.trim() || undefined;
}

export function authProblem(call: ApiCall): AnthropicErrorReply | undefined {
  const key = anthropicKey(call);
  if (!key) return { status: 401, type: 'authentication_error', message: 'x-api-key header is required' };
  if (!isAcceptedKey(key, call.state.options)) return { status: 401, type: 'authentication_error', message: 'invalid x-api-key' };
  return undefined;
}

/** The `anthropic-version` header, required on every call. */
export function readVersion(call: ApiCall): { ok: true; version: AnthropicVersion } | { ok: false; reply: AnthropicErrorReply } {
  const version = call.req.headers['anthropic-version'];
  if (version === undefined || version === '') return { ok: false, reply: invalidRequest('anthropic-version: header is required') };
  if (!(ANTHROPIC_VERSIONS as readonly string[]).includes(String(version))) {
    return { ok: false, reply: invalidRequest(`anthropic-version: "${String(version)}" is not a supported version`) };
  }
  return { ok: true, version: version as AnthropicVersion };
}

/** Key, then version: what every Anthropic call passes before anything else. */
export function gateProblem(call: ApiCall): AnthropicErrorReply | undefined {
  const version = readVersion(call);
  return authProblem(call) ?? (version.ok ? undefined : version.reply);
}

function rateLimited(scenario: Scenario): AnthropicErrorReply {
  // The real service always says how long to wait; 1 s unless the scenario says otherwise.
  const seconds = scenario.retryAfterSeconds ?? 1;
  return {
    status: 429,
    type: 'rate_limit_error',
    message: "This request would exceed your organization's rate limit of 50 requests per minute. Please try again later.",
    headers: { 'retry-after': String(Math.ceil(seconds)), ...rateLimitHeaders(true, seconds) },
  };
}

/** The body the real service sends for a forced status (Scenario.status / quota). */
export function scenarioError(scenario: Scenario, model: string): AnthropicErrorReply {
  if (scenario.context) return invalidRequest('prompt is too long: 204800 tokens > 200000 maximum');
  if (scenario.quota) {
    const message = 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.';
    return { status: 402, type: 'billing_error', message };
  }
  const status = scenario.status ?? 429;
  switch (status) {
    case 400: return invalidRequest('messages: the request was rejected by the fake upstream scenario.');
    case 401: return { status, type: 'authentication_error', message: 'invalid x-api-key' };
    case 403: return { status, type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' };
    case 404: return notFound(`model: ${model}`);
    case 413: return { status, type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' };
    case 429: return rateLimited(scenario);
    case 500: return { status, type: 'api_error', message: 'Internal server error' };
    case 504: return { status, type: 'timeout_error', message: 'Request timed out' };
    case 529: return { status, type: 'overloaded_error', message: 'Overloaded' };
    default: return { status, type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `The fake upstream answered with status ${status}.` };
  }
}
