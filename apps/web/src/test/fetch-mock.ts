import {
  API_ROUTES,
  FREE_PROMPTS,
  STREAM_CONTENT_TYPE,
  type TComparisonResponse,
  type TModelOffers,
  type TServiceList,
  type TServiceResult,
  type TSession,
} from '@promptpair/contract';
import { vi } from 'vitest';

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

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

/** One server-sent event as the server frames it. */
export const sseFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The events a streamed comparison sends for `comparison`: start, each answer in two deltas, done per side, end. */
export function comparisonEvents(comparison: TComparisonResponse): string[] {
  const frames = [sseFrame('start', { logId: comparison.logId })];
  for (const side of ['chatGPT', 'palmAPI'] as const) {
    const text = comparison[side].message ?? '';
    const half = Math.ceil(text.length / 2);
    for (const piece of [text.slice(0, half), text.slice(half)]) if (piece !== '') frames.push(sseFrame('delta', { side, text: piece }));
  }
  for (const side of ['chatGPT', 'palmAPI'] as const) frames.push(sseFrame('done', { side, result: comparison[side] }));
  frames.push(sseFrame('end', { logId: comparison.logId }));
  return frames;
}

/** A `text/event-stream` answer carrying `frames` (each as its own chunk). */
export function sseResponse(frames: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': STREAM_CONTENT_TYPE } });
}

/**
 * A `text/event-stream` answer the test writes to by hand, to look at the page between events.
 * The response's stream notices an abort of `signal` (Stop) as a real fetch body does.
 */
export function liveSse(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
  });
  signal?.addEventListener('abort', () => stream.error(new DOMException('The operation was aborted.', 'AbortError')));
  return {
    response: new Response(body, { headers: { 'content-type': STREAM_CONTENT_TYPE } }),
    send: (event: string, data: unknown) => stream.enqueue(encoder.encode(sseFrame(event, data))),
    close: () => stream.close(),
    /** The connection drops. */
    fail: () => stream.error(new TypeError('network error')),
  };
}

/** What GET /api/models answers in these tests: a reasoning default on each side, and a model that retires. */
export const MODEL_OFFERS: TModelOffers = {
  chatGPT: {
    defaultModel: 'gpt-5-mini',
    models: [
      { id: 'gpt-5.1', reasons: true },
      { id: 'gpt-5-mini', reasons: true },
      { id: 'gpt-4o', retiresOn: '2027-01-14', reasons: false },
      { id: 'gpt-4o-mini', retiresOn: '2027-01-14', reasons: false },
    ],
  },
  palmAPI: {
    defaultModel: 'gemini-3-flash-preview',
    models: [
      { id: 'gemini-3-pro-preview', reasons: true },
      { id: 'gemini-3-flash-preview', reasons: true },
      { id: 'chat-bison-001', reasons: false },
    ],
  },
};

/** What GET /api/services answers in these tests: the spec's pair (as MODEL_OFFERS lists it), Claude and a declared service. */
export const SERVICES: TServiceList = {
  services: [
    { id: 'chatgpt', kind: 'openai', name: 'ChatGPT', models: MODEL_OFFERS.chatGPT.models.map((m) => m.id), defaultModel: 'gpt-5-mini', settings: [
      { name: 'temperature', control: 'slider', label: 'Temperature', range: { min: 0, max: 2, step: 0.1, default: 1 }, integer: false, help: 'Randomness.' },
      { name: 'top_p', control: 'slider', label: 'Top P', range: { min: 0, max: 1, step: 0.01, default: 1 }, integer: false, help: 'Nucleus.' },
      { name: 'maxLength', control: 'slider', label: 'Maximum length', range: { min: 1, max: 4096, step: 1, default: 256 }, integer: true, help: 'Longest.' },
    ], freePrompts: true },
    { id: 'palm', kind: 'google', name: 'Palm API', models: MODEL_OFFERS.palmAPI.models.map((m) => m.id), defaultModel: 'gemini-3-flash-preview', settings: [
      { name: 'temperature', control: 'slider', label: 'Temperature', range: { min: 0, max: 1, step: 0.1, default: 0.7 }, integer: false, help: 'Randomness.' },
      { name: 'topK', control: 'slider', label: 'Top K', range: { min: 1, max: 40, step: 1, default: 40 }, integer: true, help: 'Top k.' },
    ], freePrompts: true },
    { id: 'claude', kind: 'anthropic', name: 'Claude', models: ['claude-sonnet-4-6', 'claude-haiku-4-5'], defaultModel: 'claude-sonnet-4-6', settings: [
      { name: 'system', control: 'text', label: 'System prompt', maxChars: 32000, help: 'Instructions.' },
      { name: 'temperature', control: 'slider', label: 'Temperature', range: { min: 0, max: 1, step: 0.05, default: 1 }, integer: false, help: 'Randomness.' },
      { name: 'stopSequences', control: 'text-list', label: 'Stop sequences', maxItems: 4, maxCharsEach: 200, help: 'Stops.' },
    ], freePrompts: true },
    { id: 'router', kind: 'openai-compatible', name: 'Model Router', models: ['meta/llama-3', 'mistral/small'], defaultModel: 'meta/llama-3', settings: [
      { name: 'temperature', control: 'slider', label: 'Temperature', range: { min: 0, max: 2, step: 0.1, default: 1 }, integer: false, help: 'Randomness.' },
    ], freePrompts: true },
  ],
};

/**
 * A routing stand-in for fetch: "METHOD /path" → handler. The page's start-up calls answer by
 * default; tests override or add routes and read what was sent from `requests`.
 */
export function mockFetch(routes: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    [`GET ${API_ROUTES.session}`]: () => Response.json(aSession()),
    [`GET ${API_ROUTES.models}`]: () => Response.json(MODEL_OFFERS),
    [`GET ${API_ROUTES.services}`]: () => Response.json(SERVICES),
    [`POST ${API_ROUTES.getChatData}`]: () => sseResponse(comparisonEvents(aComparison())),
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
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The bodies of every POST to `path`, in order. */
    bodiesOf: (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body),
  };
}

/**
 * mockFetch whose comparison answers with a stream the test writes by hand (liveSse): `stream()`
 * waits for the request and returns its stream, `signal()` is the request's own.
 */
export function mockLiveComparison(routes: Record<string, Handler> = {}) {
  let live: ReturnType<typeof liveSse> | undefined;
  let signal: AbortSignal | undefined;
  const mocks = mockFetch({
    ...routes,
    [`POST ${API_ROUTES.getChatData}`]: (_body, init) => {
      signal = init.signal ?? undefined;
      live = liveSse(init.signal);
      return live.response;
    },
  });
  const stream = () =>
    vi.waitFor(() => {
      if (!live) throw new Error('No comparison was sent yet.');
      return live;
    });
  return { ...mocks, stream, signal: () => signal };
}
