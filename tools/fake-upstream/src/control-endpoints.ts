// /__fake/*: the script()/reset()/requests API over HTTP, for out-of-process users (Playwright, the benchmark).
import type { ServerResponse } from 'node:http';
import { parseJson, sendJson } from './http-io.ts';
import { compatServiceNames } from './openai/compat-services.ts';
import { parseScenarioJson, parseTimes, ScenarioShapeError } from './scenario-parsing.ts';
import type { ServerState } from './server-state.ts';
import type { ScriptTarget } from './types.ts';

const fixedTargets: readonly string[] = ['openai', 'gemini', 'palm', 'google', 'anthropic', 'all'];

function scriptFromBody(state: ServerState, rawBody: string): unknown {
  const parsed = parseJson(rawBody);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) throw new ScenarioShapeError('body must be a JSON object');
  const { service, scenario, times } = parsed.value as Record<string, unknown>;
  const targets = [...fixedTargets, ...compatServiceNames(state.options.compatServices)];
  if (typeof service !== 'string' || !targets.includes(service)) {
    throw new ScenarioShapeError(`service must be one of ${targets.join(', ')}`);
  }
  const count = parseTimes(times);
  state.scenarios.add(service as ScriptTarget | 'all', parseScenarioJson(scenario ?? {}), count);
  return { ok: true, service, times: count === Infinity ? 'Infinity' : count };
}

/** `{ "hide": ["gpt-5-mini", ...] }`: models neither listed nor served from now on; `[]` shows them all again. */
function hideFromBody(state: ServerState, rawBody: string): unknown {
  const parsed = parseJson(rawBody);
  const hide = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>).hide : undefined;
  if (!Array.isArray(hide) || !hide.every((id) => typeof id === 'string')) throw new ScenarioShapeError('body must be {"hide": [model ids]}');
  state.options.hiddenModels = new Set(hide);
  return { ok: true, hidden: [...state.options.hiddenModels] };
}

export function handleControl(state: ServerState, method: string, url: URL, rawBody: string, res: ServerResponse): void {
  const route = `${method} ${url.pathname}`;
  try {
    if (route === 'POST /__fake/script') return sendJson(res, 200, scriptFromBody(state, rawBody));
    if (route === 'POST /__fake/reset') {
      state.scenarios.clear();
      state.requests.length = 0; // in place: the `requests` array handed out stays live
      state.streams.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'GET /__fake/requests') {
      const service = url.searchParams.get('service');
      return sendJson(res, 200, service ? state.requests.filter((request) => request.service === service) : state.requests);
    }
    if (route === 'POST /__fake/models') return sendJson(res, 200, hideFromBody(state, rawBody));
    if (route === 'GET /__fake/streams') return sendJson(res, 200, state.streams);
    if (route === 'GET /__fake/health') return sendJson(res, 200, { ok: true });
    sendJson(res, 404, { error: `unknown control endpoint ${route}` });
  } catch (error) {
    if (!(error instanceof ScenarioShapeError || error instanceof RangeError)) throw error;
    sendJson(res, 400, { error: error.message });
  }
}
