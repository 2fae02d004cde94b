import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent in pieces of `chunkBytes` with a pause between them, as a client on a real network does. */
  body?: Buffer;
  chunkBytes?: number;
  pauseMs?: number;
  /** Send the body with Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
}

/** Parses one response at the start of `data`; null until it has arrived in full. */
function parseResponse(data: Buffer): { response: RawResponse; rest: Buffer } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (data.length < end + 4 + length) return null;
  const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
  return { response: { status: Number(statusLine.split(' ')[1]), headers, body }, rest: data.subarray(end + 4 + length) };
}

/**
 * Sends requests one after another on one TCP connection, each body in full whatever the server
 * answers meanwhile, and collects the answers. Rejects when the connection breaks before an answer
 * has arrived: a reset is exactly what these tests look for.
 */
export function exchange(url: string, requests: RawRequest[]): Promise<RawResponse[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const responses: RawResponse[] = [];
    let received: Buffer = Buffer.alloc(0);
    let waiting: (() => void) | undefined;
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      for (let parsed = parseResponse(received); parsed; parsed = parseResponse(received)) {
        responses.push(parsed.response);
        received = parsed.rest;
        waiting?.();
      }
    });
    const fail = (error: Error) => {
      if (responses.length < requests.length) reject(new Error(`connection broke after ${responses.length} of ${requests.length} answers: ${error.message}`));
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('closed')));
    const write = (data: Buffer | string) => new Promise<void>((done) => (socket.destroyed ? done() : socket.write(data, () => done())));
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
    const send = async () => {
      for (const [index, request] of requests.entries()) {
        const body = request.body ?? Buffer.alloc(0);
        const framing: Record<string, string> = request.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
        const headers = { host: hostname, ...framing, ...request.headers };
        await write(`${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n`);
        const step = request.chunkBytes ?? (body.length || 1);
        for (let at = 0; at < body.length && !socket.destroyed; at += step) {
          const piece = body.subarray(at, at + step);
          await write(request.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
          if (request.pauseMs) await pause(request.pauseMs);
        }
        if (request.chunked) await write('0\r\n\r\n');
        // The next request goes once this one is answered, as a keep-alive client does.
        if (responses.length <= index) await new Promise<void>((done) => (waiting = done));
      }
      resolve(responses);
      socket.destroy();
    };
    socket.on('connect', () => void send().catch(reject));
  });
}

/** A JSON body of exactly `bytes` bytes: {"<field>":"xxx…"}. */
export function jsonOfSize(field: string, bytes: number): Buffer {
  const frame = `{"${field}":""}`.length;
  return Buffer.from(`{"${field}":"${'x'.repeat(bytes - frame)}"}`);
}
