import { API_ROUTES, describeUpstreamError, MESSAGES, REQUEST_ERROR_MESSAGES, ZComparisonResponse, type TComparisonResponse } from '@promptpair/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_KEYS, startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.fake.reset());

const compare = (body: unknown, client = server.client()) => client.post<TComparisonResponse>(API_ROUTES.getChatData, body);

describe('POST /api/getChatData', () => {
  it('answers both sides with message, tokens, raw output, time and a log id', async () => {
    const { status, body } = await compare({ prompt: 'Name a colour.' });
    expect(status).toBe(200);
    for (const side of [body.chatGPT, body.palmAPI]) {
      expect(side.errorMsg).toBeNull();
      expect(side.message).toEqual(expect.any(String));
      expect(side.message!.length).toBeGreaterThan(0);
      expect(side.tokens).toEqual(expect.any(Number));
      expect(side.rawOutput).toEqual(expect.any(Object));
      expect(side.elapsedTime).toBeGreaterThanOrEqual(0);
    }
    expect(body.logId).toEqual(expect.any(String));
  });

  it('answers JSON the contract describes, each side the very text its log record holds', async () => {
    const { status, headers, body, text } = await compare({ prompt: 'Name a colour.', chatGPT: { temperature: 0.5 } });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(ZComparisonResponse.strict().parse(body)).toEqual(body);
    const row = await server.composed.db.selectFrom('logs').select(['side_a_data', 'side_b_data']).where('id', '=', body.logId).executeTakeFirstOrThrow();
    // Beside the spec's fields, the conversation the comparison starts (docs/decisions.md, "Conversations").
    expect(text).toBe(`{"chatGPT":${row.side_a_data},"palmAPI":${row.side_b_data},"logId":"${body.logId}","conversationId":"${body.logId}","turn":1}`);
  });

  it('sends the edited messages first and the prompt last, with only the ticked settings', async () => {
    await compare({
      prompt: 'Hi there',
      chatGPT: { model: 'gpt-4o', messages: [{ role: 'system', content: 'Be brief.' }], temperature: 0.3 },
      bardAPI: { model: 'gemini-3-flash-preview', topK: 0, maxOutputTokens: 0, topP: 0.4 },
    });
    const openai = server.fake.requests.find((r) => r.service === 'openai' && r.path.endsWith('/chat/completions'));
    expect(openai?.body).toMatchObject({ model: 'gpt-4o', temperature: 0.3, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi there' }] });
    expect(openai?.body).not.toHaveProperty('top_p');
    expect(openai?.body).not.toHaveProperty('frequency_penalty');
    const gemini = server.fake.requests.find((r) => r.service === 'gemini' && r.path.includes(':generateContent'));
    const config = (gemini?.body as { generationConfig?: Record<string, unknown> }).generationConfig ?? {};
    expect(config.topP).toBe(0.4);
    expect(config).not.toHaveProperty('topK');
    expect(config).not.toHaveProperty('maxOutputTokens');
  });

  it('runs a left-out side on the server defaults', async () => {
    const { body } = await compare({ prompt: 'Hello', chatGPT: { model: 'gpt-4o' } });
    expect(body.palmAPI.errorMsg).toBeNull();
    const gemini = server.fake.requests.find((r) => r.service === 'gemini' && r.path.includes(':generateContent'));
    expect(gemini?.path).toContain('gemini-3-flash-preview');
  });

  const failures = [
    // A key the simulator does not accept, exactly as a real service meets a wrong key.
    { name: 'invalid key', scenario: {}, google: {}, apiKey: 'bad-key-0000', code: 'upstream_auth' },
    { name: 'unknown model', scenario: { status: 404 }, google: { status: 404 }, code: 'upstream_model' },
    { name: 'quota exhausted', scenario: { status: 429, quota: true }, google: { status: 429, quota: true }, code: 'upstream_quota' },
    { name: 'upstream error', scenario: { status: 500 }, google: { status: 500 }, code: 'upstream_error' },
    { name: 'malformed body', scenario: { malformed: true }, google: { malformed: true }, code: 'upstream_bad_response' },
  ] as const;

  for (const failure of failures) {
    const apiKey = 'apiKey' in failure ? failure.apiKey : undefined;
    it(`keeps the other side when ChatGPT fails with ${failure.name}`, async () => {
      server.fake.script('openai', failure.scenario, Infinity);
      const { status, body } = await compare({ prompt: 'One side fails', chatGPT: { model: 'gpt-4o-mini', apiKey } });
      expect(status).toBe(200);
      expect(body.chatGPT.message).toBeNull();
      expect(body.chatGPT.errorMsg).toBe(describeUpstreamError('chatGPT', failure.code, { model: 'gpt-4o-mini' }));
      expect(body.palmAPI.errorMsg).toBeNull();
      expect(body.palmAPI.message).toBeTruthy();
    });

    it(`keeps the other side when Palm API fails with ${failure.name}`, async () => {
      server.fake.script('gemini', failure.google, Infinity);
      const { body } = await compare({ prompt: 'Other side fails', bardAPI: { model: 'gemini-3-flash-preview', apiKey } });
      expect(body.palmAPI.errorMsg).toBe(describeUpstreamError('palmAPI', failure.code, { model: 'gemini-3-flash-preview' }));
      expect(body.chatGPT.errorMsg).toBeNull();
    });
  }

  it('says rate limited with the wait when the upstream asks for longer than we wait', async () => {
    server.fake.script('openai', { status: 429, retryAfterSeconds: 30 }, Infinity);
    const { body } = await compare({ prompt: 'Slow down' });
    expect(body.chatGPT.errorMsg).toBe(describeUpstreamError('chatGPT', 'upstream_rate_limited', { retryAfterSeconds: 30 }));
  });

  it('retries a short Retry-After and then answers', async () => {
    server.fake.script('openai', { status: 429, retryAfterSeconds: 1 }, 1);
    const { body } = await compare({ prompt: 'Try again' });
    expect(body.chatGPT.errorMsg).toBeNull();
    expect(server.fake.requests.filter((r) => r.service === 'openai').length).toBe(2);
  });

  it('reports an unreachable upstream in plain words', async () => {
    const offline = await startTestServer({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, { fake: server.fake });
    try {
      const { body } = await compare({ prompt: 'Anyone there?' }, offline.client());
      expect(body.chatGPT.errorMsg).toBe(describeUpstreamError('chatGPT', 'upstream_unreachable'));
      expect(body.palmAPI.errorMsg).toBeNull();
    } finally {
      await offline.close();
    }
  });

  it('never echoes a key: not the visitor’s, not the operator’s', async () => {
    const visitorKey = 'bad-visitor-key-that-must-not-leak-123456';
    const { text } = await compare({ prompt: 'Leak?', chatGPT: { apiKey: visitorKey }, bardAPI: { apiKey: visitorKey } });
    expect(text).not.toContain(visitorKey);
    expect(text).not.toContain(visitorKey.slice(-8));
    expect(text).not.toContain(OPERATOR_KEYS.openai);
    expect(text).not.toContain(OPERATOR_KEYS.google);
  });

  it('sends a visitor key to the upstream for that call only', async () => {
    await compare({ prompt: 'Mine', chatGPT: { apiKey: 'sk-visitor-own' } });
    const call = server.fake.requests.find((r) => r.service === 'openai');
    expect(call?.headers.authorization).toBe('Bearer sk-visitor-own');
    const google = server.fake.requests.find((r) => r.service === 'gemini');
    expect(google?.headers['x-goog-api-key']).toBe(OPERATOR_KEYS.google);
  });
});

describe('bad input', () => {
  it('answers 422 with a message per field', async () => {
    const { status, body } = await compare({ prompt: '  ', chatGPT: { temperature: 5, maxLength: 0 }, bardAPI: { candidateCount: 9 } });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      message: MESSAGES.emptyPrompt,
      code: 'validation_failed',
      errors: {
        prompt: [MESSAGES.emptyPrompt],
        'chatGPT.temperature': ['Temperature must be between 0 and 2.'],
        'chatGPT.maxLength': ['Maximum length must be a whole number between 1 and 4095.'],
        'bardAPI.candidateCount': ['Candidate count must be a whole number between 1 and 8.'],
      },
    });
  });

  it('answers 422 for a missing prompt and wrong types', async () => {
    const { status, body } = await compare({ chatGPT: { messages: [{ role: 'robot', content: '' }] } });
    expect(status).toBe(422);
    expect(Object.keys((body as unknown as { errors: object }).errors)).toEqual(
      expect.arrayContaining(['prompt', 'chatGPT.messages.0.role', 'chatGPT.messages.0.content']),
    );
  });

  it('answers 400 for malformed JSON', async () => {
    const { status, body } = await server.client().post(API_ROUTES.getChatData, '{"prompt": "x",');
    expect(status).toBe(400);
    expect(body).toEqual({ message: REQUEST_ERROR_MESSAGES.malformedJson, code: 'malformed_json' });
  });

  it('answers 413 for a body over the limit', async () => {
    const { status, body } = await compare({ prompt: 'x'.repeat(1_100_000) });
    expect(status).toBe(413);
    expect(body).toEqual({ message: REQUEST_ERROR_MESSAGES.bodyTooLarge, code: 'body_too_large' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const { status } = await server.client().post(API_ROUTES.getChatData, 'prompt=hi', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(status).toBe(415);
  });
});
