import { API_ROUTES, FREE_PROMPTS, type TComparisonResponse, type TServiceResult, type TSession } from '@promptpair/contract';
import { vi } from 'vitest';

type Handler = (body: unknown) => Response | Promise<Response>;

export const aSession = (overrides: Partial<TSession> = {}): TSession => ({
  freePrompts: FREE_PROMPTS,
  freePromptsLeft: FREE_PROMPTS,
  demoMode: false,
  subscribed: false,
  ...overrides,
});

export const aResult = (overrides: Partial<TServiceResult> = {}): TServiceResult => ({
  message: 'An answer.',
  tokens: 12,
  rawOutput: { id: 'raw-1' },
  errorMsg: null,
  elapsedTime: 1.234,
  ...overrides,
});

export const aComparison = (overrides: Partial<TComparisonResponse> = {}): TComparisonResponse => ({
  chatGPT: aResult({ message: 'ChatGPT says hello.' }),
  palmAPI: aResult({ message: 'Palm API says hi.' }),
  logId: 'log-1',
  ...overrides,
});

/**
 * A routing stand-in for fetch: "METHOD /path" → handler. The page's start-up calls answer by
 * default; tests override or add routes and read what was sent from `requests`.
 */
export function mockFetch(routes: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    [`GET ${API_ROUTES.session}`]: () => Response.json(aSession()),
    [`GET ${API_ROUTES.listModelsChatgpt}`]: () => Response.json(['gpt-4o-mini', 'gpt-4o']),
    [`GET ${API_ROUTES.listModelsPalmapi}`]: () => Response.json(['gemini-2.0-flash', 'gemini-2.5-pro']),
    [`POST ${API_ROUTES.getChatData}`]: () => Response.json(aComparison()),
    ...routes,
  };
  const requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return Response.json({ message: 'Not found.' }, { status: 404 });
    return handler(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The bodies of every POST to `path`, in order. */
    bodiesOf: (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body),
  };
}
