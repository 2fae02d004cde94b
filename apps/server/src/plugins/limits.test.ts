import net from 'node:net';
import { API_ROUTES, BATCH_LIMITS, BATCH_ROUTES, batchCancelPath, INPUT_LIMITS, MESSAGES, REQUEST_ERROR_MESSAGES, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../services/batch/test/batch-fixtures.ts';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../test/both-databases.ts';
import { exchange, jsonOfSize, type RawResponse } from '../test/raw-http.ts';
import { DRAIN_MAX_BYTES } from './unread-body.ts';

// Every body, prompt, message list or upload that is too big gets a readable answer in the one
// error shape: 413 for bodies, 422 naming the field for fields. Never a connection reset.

const TOO_LARGE = { message: REQUEST_ERROR_MESSAGES.bodyTooLarge, code: 'body_too_large' };
const json = { 'content-type': 'application/json' };
const POST_ROUTES = [API_ROUTES.getChatData, API_ROUTES.shareLink, API_ROUTES.key, API_ROUTES.contactUs, batchCancelPath('some-run')];

function expectTooLarge(answer: RawResponse | undefined) {
  expect(answer?.status).toBe(413);
  expect(answer?.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer?.body ?? '')).toEqual(TOO_LARGE);
}

describe.each(DATABASES)('limits that answer, on %s', (kind) => {
  let target: ServerOnDatabase;
  let url = '';
  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off' });
    url = target.server.url;
  });
  afterAll(() => target.close());

  it('reads the 413 JSON after sending a whole 1 MiB + 1 body to every POST route, several times, and the connection serves on', async () => {
    const body = jsonOfSize('logId', INPUT_LIMITS.bodyMaxBytes + 1);
    for (let round = 0; round < 3; round++) {
      for (const path of POST_ROUTES) {
        // In 64 KiB pieces with a pause, as over a network: the answer comes while the client still sends.
        const [refused, next] = await exchange(url, [
          { method: 'POST', path, headers: json, body, chunkBytes: 65_536, pauseMs: 1 },
          { method: 'GET', path: API_ROUTES.session },
        ]);
        expectTooLarge(refused);
        expect(next?.status).toBe(200);
      }
    }
  });

  it('draws the line at exactly 1 MiB: that body is read (and refused for its content), one byte more is 413', async () => {
    const [atLimit, overLimit] = await exchange(url, [
      { method: 'POST', path: API_ROUTES.shareLink, headers: json, body: jsonOfSize('logId', INPUT_LIMITS.bodyMaxBytes) },
      { method: 'POST', path: API_ROUTES.shareLink, headers: json, body: jsonOfSize('logId', INPUT_LIMITS.bodyMaxBytes + 1) },
    ]);
    expect(atLimit?.status).toBe(422);
    expect(JSON.parse(atLimit?.body ?? '')).toMatchObject({ code: 'validation_failed', errors: { logId: ['logId is not the id of a comparison (at most 100 characters).'] } });
    expectTooLarge(overLimit);
  });

  it('answers 413 to a chunked body (no Content-Length) once it passes 1 MiB', async () => {
    const [answer] = await exchange(url, [{ method: 'POST', path: API_ROUTES.contactUs, headers: json, body: jsonOfSize('message', 2 * INPUT_LIMITS.bodyMaxBytes), chunked: true, chunkBytes: 65_536 }]);
    expectTooLarge(answer);
  });

  it('takes up to 16 MiB on the prompt-list upload and answers 413 to a byte more, read in full', async () => {
    const visitor = await subscribe(target.server.client({ browser: true }), `limits-${kind}@example.com`);
    const headers = { ...json, cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    const [atLimit, overLimit] = await exchange(url, [
      { method: 'POST', path: BATCH_ROUTES.upload, headers, body: jsonOfSize('content', BATCH_LIMITS.uploadMaxBytes), chunkBytes: 1 << 20 },
      { method: 'POST', path: BATCH_ROUTES.upload, headers, body: jsonOfSize('content', BATCH_LIMITS.uploadMaxBytes + 1), chunkBytes: 1 << 20 },
    ]);
    // Read and checked: the file name is missing.
    expect(atLimit?.status).toBe(422);
    expect(JSON.parse(atLimit?.body ?? '')).toMatchObject({ errors: { filename: ['The file name is required.'] } });
    expectTooLarge(overLimit);
  });

  it('still answers a client that keeps sending far past what the server reads: the 413, then the connection closes', async () => {
    const body = Buffer.alloc(DRAIN_MAX_BYTES + 8 * INPUT_LIMITS.bodyMaxBytes, 'x');
    const [answer] = await exchange(url, [{ method: 'POST', path: API_ROUTES.getChatData, headers: json, body }]);
    expectTooLarge(answer);
  });
});

describe('requests that are not HTTP the server can read', () => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn('sqlite');
  });
  afterAll(() => target.close());

  async function rawAnswer(text: string): Promise<{ head: string; body: unknown }> {
    const { port } = new URL(target.server.url);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const at = received.indexOf('\r\n\r\n');
    return { head: received.slice(0, at), body: JSON.parse(received.slice(at + 4)) };
  }

  it('answers a request line it cannot parse with 400 in the one error shape, then closes', async () => {
    const { head, body } = await rawAnswer('GARBAGE / NOT-HTTP\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(body).toEqual({ message: REQUEST_ERROR_MESSAGES.badRequest, code: 'bad_request' });
  });

  it('answers headers over Node\'s limit with 431 in the one error shape', async () => {
    const { head, body } = await rawAnswer(`GET /api/session HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(body).toEqual({ message: REQUEST_ERROR_MESSAGES.headersTooLarge, code: 'headers_too_large' });
  });
});

describe.each(DATABASES)('fields over their limits answer 422 with the field and its message, on %s', (kind) => {
  let target: ServerOnDatabase;
  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off' });
  });
  afterAll(() => target.close());

  const long = (length: number) => 'x'.repeat(length);
  const cases = [
    { path: API_ROUTES.getChatData, body: { prompt: long(INPUT_LIMITS.promptMaxChars + 1) }, field: 'prompt', message: 'The prompt may hold at most 32000 characters.' },
    {
      path: API_ROUTES.getChatData,
      body: { prompt: 'hi', chatGPT: { messages: [{ role: 'user', content: long(INPUT_LIMITS.messageMaxChars + 1) }] } },
      field: 'chatGPT.messages.0.content',
      message: 'A message may hold at most 32000 characters.',
    },
    {
      path: API_ROUTES.getChatData,
      body: { prompt: 'hi', bardAPI: { messages: Array.from({ length: INPUT_LIMITS.messagesMax + 1 }, () => ({ author: 'me', content: 'hello' })) } },
      field: 'bardAPI.messages',
      message: 'At most 50 messages are allowed.',
    },
    {
      path: API_ROUTES.getChatData,
      body: { prompt: 'hi', bardAPI: { messages: [{ author: long(INPUT_LIMITS.authorMaxChars + 1), content: 'hello' }] } },
      field: 'bardAPI.messages.0.author',
      message: 'The author may hold at most 64 characters.',
    },
    { path: API_ROUTES.getChatData, body: { prompt: 'hi', chatGPT: { apiKey: long(INPUT_LIMITS.apiKeyMaxChars + 1) } }, field: 'chatGPT.apiKey', message: 'The API key is longer than 512 characters.' },
    { path: API_ROUTES.getChatData, body: { prompt: 'hi', chatGPT: { model: long(INPUT_LIMITS.modelNameMaxChars + 1) } }, field: 'chatGPT.model', message: 'The model name is too long.' },
    { path: API_ROUTES.contactUs, body: { email: 'a@b.co', message: long(INPUT_LIMITS.contactMessageMaxChars + 1) }, field: 'message', message: 'The message may hold at most 5000 characters.' },
    { path: API_ROUTES.contactUs, body: { email: `${long(250)}@b.co`, message: 'long enough message' }, field: 'email', message: MESSAGES.contact.invalidEmail },
    {
      path: API_ROUTES.key,
      body: { chatgpt_key: long(INPUT_LIMITS.apiKeyMaxChars + 1), palmapi_key: 'k', email: 'a@b.co' },
      field: 'chatgpt_key',
      message: 'The chatgpt key field must not be greater than 512 characters.',
    },
    { path: API_ROUTES.key, body: { chatgpt_key: 'k', palmapi_key: 'k', email: `${long(250)}@b.co` }, field: 'email', message: SUBSCRIPTION_MESSAGES.serverInvalidEmail },
    { path: API_ROUTES.shareLink, body: { logId: long(101) }, field: 'logId', message: 'logId is not the id of a comparison (at most 100 characters).' },
    { path: BATCH_ROUTES.upload, body: { filename: `${long(BATCH_LIMITS.fileNameMaxChars)}.txt`, content: 'hi' }, field: 'filename', message: 'The file name is too long.' },
  ];
  for (const { path, body, field, message } of cases) {
    it(`${path} ${field}: ${message}`, async () => {
      const answer = await target.server.client().post(path, body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message, code: 'validation_failed', errors: { [field]: [message] } });
    });
  }

  it('a prompt list over its prompt count and a listed prompt over the prompt limit, naming the line', async () => {
    const visitor = await subscribe(target.server.client({ browser: true }), `fields-${kind}@example.com`);
    const tooMany = Array.from({ length: BATCH_LIMITS.maxPrompts + 1 }, (_, i) => `p${i}`).join('\n');
    const many = await visitor.post(BATCH_ROUTES.upload, { filename: 'many.txt', content: tooMany });
    expect(many).toMatchObject({ status: 422, body: { message: 'The file holds 10,001 prompts; at most 10,000 are allowed. Split it into smaller lists.' } });
    const wide = await visitor.post(BATCH_ROUTES.upload, { filename: 'wide.txt', content: `ok\n${long(INPUT_LIMITS.promptMaxChars + 1)}` });
    expect(wide).toMatchObject({ status: 422, body: { errors: { content: ['Line 2: the prompt has 32,001 characters; at most 32,000 are allowed.'] } } });
  });
});
