// Small fetch wrappers for the tests: real HTTP against a listening fake, JSON bodies read leniently.

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body (undefined when it is not JSON); `any` so tests can reach into wire bodies directly. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parse(text) };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Reply> {
  return send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

/** Data payloads of an SSE body, in order (`[DONE]` kept as a string). */
export function sseData(text: string): string[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) => event.split(/\r?\n/).filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n'))
    .filter((data) => data !== '');
}

export const openaiAuth = { authorization: 'Bearer sk-test-0123456789abcdef' };
export const googleAuth = { 'x-goog-api-key': 'AIza-test-key' };

export function chatBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }], ...extra };
}

export function geminiBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { contents: [{ role: 'user', parts: [{ text }] }], ...extra };
}

export function palmBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { prompt: { messages: [{ author: 'user', content: text }] }, ...extra };
}

export const anthropicAuth = { 'x-api-key': 'sk-ant-test-0123456789', 'anthropic-version': '2023-06-01' };

export function messagesBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user', content: text }], ...extra };
}

/** Named events of an SSE body, in order: `event:` name and parsed `data:` JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reach into wire events directly
export function sseEvents(text: string): Array<{ event: string | undefined; data: any }> {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      return { event, data: parse(data) };
    });
}
