// Entry point for every HTTP request: control endpoints, then recording, then the provider routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleControl } from './control-endpoints.ts';
import { routeGoogle } from './google/google-routes.ts';
import { flattenHeaders, parseJson, readBody, sendJson } from './http-io.ts';
import { routeOpenAI } from './openai/openai-routes.ts';
import type { ApiCall, ServerState } from './server-state.ts';
import type { ServiceName } from './types.ts';

/** The first path segment names the service, as on the real hosts. */
function serviceOf(pathname: string): ServiceName | undefined {
  const segment = pathname.split('/')[1];
  if (segment === 'v1') return 'openai';
  if (segment === 'v1beta') return 'gemini';
  if (segment === 'v1beta2') return 'palm';
  return undefined;
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, state: ServerState): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake-upstream.invalid');
  const method = req.method ?? 'GET';
  const receivedAt = performance.now();
  const rawBody = await readBody(req);
  if (url.pathname.startsWith('/__fake/')) return handleControl(state, method, url, rawBody, res);
  const service = serviceOf(url.pathname);
  if (!service) {
    const status = url.pathname === '/' ? 200 : 404;
    return sendJson(res, status, { name: '@promptpair/fake-upstream', apis: ['/v1', '/v1beta', '/v1beta2'], control: '/__fake' });
  }
  const parsed = rawBody === '' ? { ok: false as const } : parseJson(rawBody);
  const body = parsed.ok ? parsed.value : undefined;
  if (state.options.recordRequests) {
    state.requests.push({
      service,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flattenHeaders(req),
      body: parsed.ok ? body : rawBody === '' ? null : rawBody,
      at: Date.now(),
    });
  }
  const call: ApiCall = { req, res, url, service, rawBody, body, bodyIsJson: parsed.ok, state, receivedAt };
  await (service === 'openai' ? routeOpenAI(call) : routeGoogle(call));
}

/** Never lets a handler bug crash the server or leave the client waiting. */
export function createRequestListener(state: ServerState) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handleRequest(req, res, state).catch((error: unknown) => {
      console.error('[fake-upstream] handler failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'fake-upstream internal error' });
      else res.destroy();
    });
  };
}
