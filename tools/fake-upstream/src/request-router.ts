// Entry point for every HTTP request: control endpoints, then recording, then the provider routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeAnthropic } from './anthropic/anthropic-routes.ts';
import { handleControl } from './control-endpoints.ts';
import { routeGoogle } from './google/google-routes.ts';
import { flattenHeaders, parseJson, readBody, sendJson } from './http-io.ts';
import { routeOpenAI } from './openai/openai-routes.ts';
import type { ApiCall, ServerState } from './server-state.ts';
import type { CompatService, ServiceName } from './types.ts';

interface ServiceRoute {
  service: ServiceName;
  /** The path inside that service's API. */
  path: string;
  compat?: CompatService;
}

/**
 * The first path segment names the service, as on the real hosts: `/v1` OpenAI, `/v1beta` Gemini,
 * `/v1beta2` PaLM. Anthropic's API also starts with `/v1`, so it is served under `/anthropic/v1`
 * (its SDK's baseURL is then `<root>/anthropic`), and each declared compatible service under
 * `/compat/<id>/v1` (baseURL `<root>/compat/<id>/v1`, as for OpenAI).
 */
function routeOf(pathname: string, state: ServerState): ServiceRoute | undefined {
  const segment = pathname.split('/', 2)[1];
  if (segment === 'v1') return { service: 'openai', path: pathname };
  if (segment === 'v1beta') return { service: 'gemini', path: pathname };
  if (segment === 'v1beta2') return { service: 'palm', path: pathname };
  if (segment === 'anthropic') return { service: 'anthropic', path: pathname.slice('/anthropic'.length) };
  if (segment === 'compat') {
    const id = pathname.split('/', 3)[2] ?? '';
    const compat = state.options.compatServices.get(id);
    if (compat) return { service: `compat/${id}`, path: pathname.slice(`/compat/${id}`.length), compat };
  }
  return undefined;
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, state: ServerState): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://fake-upstream.invalid');
  const method = req.method ?? 'GET';
  const receivedAt = performance.now();
  const rawBody = await readBody(req);
  if (url.pathname.startsWith('/__fake/')) return handleControl(state, method, url, rawBody, res);
  const route = routeOf(url.pathname, state);
  if (!route) {
    const status = url.pathname === '/' ? 200 : 404;
    const compat = [...state.options.compatServices.keys()].map((id) => `/compat/${id}/v1`);
    return sendJson(res, status, { name: '@promptpair/fake-upstream', apis: ['/v1', '/v1beta', '/v1beta2', '/anthropic/v1', ...compat], control: '/__fake' });
  }
  const { service } = route;
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
  const call: ApiCall = { req, res, url, path: route.path, service, compat: route.compat, rawBody, body, bodyIsJson: parsed.ok, state, receivedAt };
  if (service === 'anthropic') return routeAnthropic(call);
  await (service === 'gemini' || service === 'palm' ? routeGoogle(call) : routeOpenAI(call));
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
