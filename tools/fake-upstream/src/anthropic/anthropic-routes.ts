// Everything under /anthropic/v1 (the Messages API and its model list); `call.path` starts at /v1.
import { sendJson } from '../http-io.ts';
import type { ApiCall } from '../server-state.ts';
import { gateProblem, invalidRequest, notFound, rateLimitHeaders, requestId, sendAnthropicError } from './anthropic-errors.ts';
import { findAnthropicModel, pageOfAnthropicModels } from './anthropic-models.ts';
import { handleMessages } from './messages.ts';

export async function routeAnthropic(call: ApiCall): Promise<void> {
  const { res } = call;
  const method = call.req.method ?? 'GET';
  const path = call.path;
  const isModels = path === '/v1/models' || path.startsWith('/v1/models/');
  if (path === '/v1/messages' && method === 'POST') return handleMessages(call);
  if (!isModels || method !== 'GET') return sendAnthropicError(res, notFound('Not Found'));

  const gate = gateProblem(call);
  if (gate) return sendAnthropicError(res, gate);
  const headers = { 'request-id': requestId(), ...rateLimitHeaders(false) };
  if (path === '/v1/models') {
    const page = pageOfAnthropicModels(call.url.searchParams);
    return page.ok ? sendJson(res, 200, page.page, headers) : sendAnthropicError(res, invalidRequest(page.message));
  }
  const id = decodeURIComponent(path.slice('/v1/models/'.length));
  const entry = findAnthropicModel(id);
  if (!entry) return sendAnthropicError(res, notFound(`model: ${id}`));
  sendJson(res, 200, entry.model, headers);
}
