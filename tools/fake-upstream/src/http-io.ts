import type { IncomingMessage, ServerResponse } from 'node:http';

export type Headers = Record<string, string>;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON.parse without throwing: `ok: false` means the body was not valid JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Real services answer with compact JSON; the trailing newline matches Google and is harmless for OpenAI. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * 200 with the first part of a valid body: looks like JSON to a sniffing client, fails to parse.
 * `eventName` names the streamed event, for services whose clients skip unnamed events (Anthropic).
 */
export function sendMalformed(res: ServerResponse, validBody: unknown, streaming: boolean, eventName?: string): void {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(validBody);
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  res.writeHead(200, {
    'content-type': streaming ? 'text/event-stream; charset=utf-8' : 'application/json; charset=utf-8',
  });
  res.end(streaming ? `${eventName ? `event: ${eventName}\n` : ''}data: ${cut}\n\n` : cut);
}

/** Headers and the start of a JSON body, then a TCP reset: the client reads a broken connection mid-answer. */
export function resetMidAnswer(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '4096' });
  res.write('{"id":"', () => res.socket?.resetAndDestroy());
}

export function startEventStream(res: ServerResponse, headers: Headers = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
  res.flushHeaders();
}

/**
 * One SSE event; `data` is sent verbatim when it is a string (e.g. `[DONE]`), JSON otherwise. A named
 * event (Anthropic's `event: message_start`) gets its `event:` line first.
 */
export function writeEvent(res: ServerResponse, data: unknown, eventName?: string): void {
  if (res.destroyed) return;
  const payload = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  res.write(eventName ? `event: ${eventName}\n${payload}` : payload);
}

/** Lower-cased header map with repeated headers joined, as recorded for tests. */
export function flattenHeaders(req: IncomingMessage): Headers {
  const headers: Headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
