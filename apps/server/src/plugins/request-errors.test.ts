import { API_ROUTES, REQUEST_ERROR_MESSAGES, type TSession } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { findNul, nulMessage } from './nul-guard.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

/** A raw request, so the body and its content type are exactly what a careless client sends. */
async function raw(method: string, path: string, init: { body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = init.contentType ? { 'content-type': init.contentType } : {};
  const response = await fetch(server.url + path, { method, headers, body: init.body });
  return { status: response.status, body: await response.json() };
}

describe('bodies that are not a JSON object', () => {
  it('asks for a JSON object when the body is missing, null or an array, with the one error shape', async () => {
    for (const body of [undefined, 'null', '[]', '"text"']) {
      const answer = await raw('POST', API_ROUTES.getChatData, { body, contentType: body === undefined ? undefined : 'application/json' });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: REQUEST_ERROR_MESSAGES.bodyNotObject, code: 'validation_failed', errors: { body: [REQUEST_ERROR_MESSAGES.bodyNotObject] } });
    }
  });

  it('answers 415 for text/plain and form bodies, naming what to send', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await raw('POST', API_ROUTES.contactUs, { body: 'email=a@b.co', contentType });
      expect(answer).toEqual({ status: 415, body: { message: REQUEST_ERROR_MESSAGES.unsupportedMediaType, code: 'unsupported_media_type' } });
    }
  });
});

describe('addresses the router refuses', () => {
  it('answers a broken percent-escape with 400 in the one error shape', async () => {
    const answer = await raw('GET', '/api/chat/%E0%A4%A');
    expect(answer).toEqual({ status: 400, body: { message: REQUEST_ERROR_MESSAGES.badUrl, code: 'bad_url' } });
  });

  it('answers an over-long id or hash as not found, like any other unknown one', async () => {
    for (const path of [`/api/chat/${'a'.repeat(150)}`, `/api/batch/${'b'.repeat(150)}`, `/api/batch/${'c'.repeat(80)}`]) {
      const answer = await raw('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('NUL characters (PostgreSQL cannot store them)', () => {
  it('refuses a prompt with a NUL before any upstream call or free prompt is spent', async () => {
    const visitor = server.client();
    const { status, body } = await visitor.post(API_ROUTES.getChatData, {
      prompt: 'fine',
      chatGPT: { messages: [{ role: 'user', content: 'a\u0000b' }] },
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: nulMessage('chatGPT.messages.0.content'),
      code: 'validation_failed',
      errors: { 'chatGPT.messages.0.content': [nulMessage('chatGPT.messages.0.content')] },
    });
    expect(server.fake.requests).toHaveLength(0);
    expect((await visitor.get<TSession>(API_ROUTES.session)).body.freePromptsLeft).toBe(5);
  });

  it('ignores one in a field the schema drops', async () => {
    const { status } = await server.client().post(API_ROUTES.getChatData, { prompt: 'fine', unknown: ['a\u0000b'] });
    expect(status).toBe(200);
  });

  it('refuses it in a contact message, a query string and a path parameter', async () => {
    const contact = await server.client().post(API_ROUTES.contactUs, { email: 'a@b.co', message: 'hello\u0000 there, friend' });
    expect(contact).toMatchObject({ status: 422, body: { errors: { message: [nulMessage('message')] } } });
    expect((await server.client().get('/log-details?cursor=a%00b')).status).toBe(422);
    expect((await server.client().get('/api/batch/a%00b')).status).toBe(422);
  });

  it('finds a NUL at any depth without recursing (a body can nest deeper than the stack)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul({ list: deep })).toBe(`list${'.0'.repeat(200_000)}`);
    expect(findNul({ a: ['ok', { b: 'fine' }], n: 1, t: true, z: null })).toBeUndefined();
    expect(findNul('\u0000')).toBe('body');
  });
});

describe('messages that say what is wrong', () => {
  it('says an over-long logId is not an id, not that it is missing', async () => {
    const { status, body } = await server.client().post(API_ROUTES.shareLink, { logId: 'x'.repeat(101) });
    expect(status).toBe(422);
    expect(body).toMatchObject({ errors: { logId: ['logId is not the id of a comparison (at most 100 characters).'] } });
  });

  it('refuses a forged cursor whose parts are not a time and an id, and an over-long one', async () => {
    const forged = Buffer.from(JSON.stringify(['a\u0000', 'b'])).toString('base64url');
    for (const cursor of [forged, 'c'.repeat(201)]) {
      const { status, body } = await server.client().get(`${API_ROUTES.logDetails}?cursor=${cursor}`);
      expect(status).toBe(422);
      expect(body).toMatchObject({ errors: { cursor: ['cursor is not valid.'] } });
    }
  });
});
