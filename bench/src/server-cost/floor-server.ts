// The floor: the cheapest way Node can do a comparison's job. A bare node:http server that, for
// each POST, reads the JSON body and makes the product's two upstream calls (Chat Completions and
// Gemini generateContent, the same bodies and key headers) at once over one keep-alive agent, then
// answers both texts as JSON. Asked for `Accept: text/event-stream`, it makes the two streamed
// calls instead (server-sent events from both services) and passes each piece of text on as an
// event as it arrives, the product's streamed comparison in its barest form. No framework, no
// database, no cookies: what the product spends over this is its own. Configured by env: PORT,
// OPENAI_BASE_URL (with /v1), GOOGLE_BASE_URL.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
// The events' names and content type, from the contract's zod-free module (bundled into the floor).
import { STREAM_CONTENT_TYPE, STREAM_EVENTS } from '@promptpair/contract/comparison-stream';

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const openaiBase = new URL(process.env['OPENAI_BASE_URL'] ?? 'http://127.0.0.1:8787/v1');
const googleBase = new URL(process.env['GOOGLE_BASE_URL'] ?? 'http://127.0.0.1:8787');

function readBody(stream: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve(text));
    stream.on('error', reject);
  });
}

function postJson(base: URL, path: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `${base.pathname.replace(/\/$/, '')}${path}`,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        readBody(res).then((text) => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`upstream ${res.statusCode}`))), reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function compare(prompt: string) {
  const [chat, gemini] = await Promise.all([
    postJson(openaiBase, '/chat/completions', { authorization: 'Bearer sk-bench' }, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] }),
    postJson(googleBase, '/v1beta/models/gemini-3-flash-preview:generateContent', { 'x-goog-api-key': 'g-bench' }, { contents: [{ role: 'user', parts: [{ text: prompt }] }] }),
  ]);
  const chatText = (chat as { choices?: { message?: { content?: string } }[] }).choices?.[0]?.message?.content ?? null;
  const geminiText = (gemini as { candidates?: { content?: { parts?: { text?: string }[] } }[] }).candidates?.[0]?.content?.parts?.[0]?.text ?? null;
  return { chatGPT: { message: chatText }, palmAPI: { message: geminiText } };
}

type Side = 'chatGPT' | 'palmAPI';
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** One streamed call: each `data:` line of the answer's events parsed, its text written on as a delta event. */
function streamSide(res: ServerResponse, side: Side, base: URL, path: string, headers: Record<string, string>, body: unknown, textOf: (chunk: unknown) => string | undefined): Promise<void> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, method: 'POST', path: `${base.pathname.replace(/\/$/, '')}${path}`, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (answer) => {
        if (answer.statusCode !== 200) return reject(new Error(`upstream ${answer.statusCode}`));
        let buffer = '';
        let message = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '))?.slice(6);
            buffer = buffer.slice(end + 2);
            if (data === undefined || data === '[DONE]') continue;
            const text = textOf(JSON.parse(data));
            if (!text) continue;
            message += text;
            res.write(event(STREAM_EVENTS.delta, { side, text }));
          }
        });
        answer.on('end', () => {
          res.write(event(STREAM_EVENTS.done, { side, result: { message } }));
          resolve();
        });
        answer.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function streamComparison(res: ServerResponse, prompt: string): Promise<void> {
  res.writeHead(200, { 'content-type': `${STREAM_CONTENT_TYPE}; charset=utf-8`, 'cache-control': 'no-store' });
  res.write(event(STREAM_EVENTS.start, {}));
  await Promise.all([
    streamSide(res, 'chatGPT', openaiBase, '/chat/completions', { authorization: 'Bearer sk-bench' }, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }], stream: true, stream_options: { include_usage: true } },
      (chunk) => (chunk as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content),
    streamSide(res, 'palmAPI', googleBase, '/v1beta/models/gemini-3-flash-preview:streamGenerateContent?alt=sse', { 'x-goog-api-key': 'g-bench' }, { contents: [{ role: 'user', parts: [{ text: prompt }] }] },
      (chunk) => (chunk as { candidates?: { content?: { parts?: { text?: string }[] } }[] }).candidates?.[0]?.content?.parts?.[0]?.text),
  ]);
  res.end(event(STREAM_EVENTS.end, {}));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return send(res, 200, { ok: true });
  const prompt = readBody(req).then((text) => String((JSON.parse(text) as { prompt?: unknown }).prompt));
  if (req.headers.accept === STREAM_CONTENT_TYPE) {
    prompt.then((text) => streamComparison(res, text)).catch((error: unknown) => (res.headersSent ? res.end(event(STREAM_EVENTS.error, { message: String(error) })) : send(res, 502, { message: String(error) })));
    return;
  }
  prompt
    .then((text) => compare(text))
    .then(
      (answer) => send(res, 200, answer),
      (error: unknown) => send(res, 502, { message: String(error) }),
    );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor listening on ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => process.exit(0));
