import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream } from '../index.ts';
import { geminiBody, googleAuth, postJson, send, sseData } from '../test/http-client.ts';
import type { FakeUpstream } from '../types.ts';
import { SIMULATED_THOUGHTS_TOKENS } from './gemini-response.ts';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const generateUrl = (model = 'gemini-3-flash-preview', method = 'generateContent') => `${fake.googleBaseUrl}/v1beta/models/${model}:${method}`;
const generate = (body: unknown, model?: string) => postJson(generateUrl(model), body, googleAuth);

describe('GET /v1beta/models', () => {
  it('pages with a small default page size and nextPageToken', async () => {
    const names: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const reply = await send(`${fake.googleBaseUrl}/v1beta/models?pageToken=${token}`, { headers: googleAuth });
      expect(reply.status).toBe(200);
      names.push(...(reply.json.models as Array<{ name: string }>).map((model) => model.name));
      token = (reply.json.nextPageToken as string | undefined) ?? '';
      pages += 1;
    } while (token);
    expect(pages).toBe(2);
    expect(names).toEqual(['models/gemini-3-pro-preview', 'models/gemini-3-flash-preview', 'models/gemini-3-pro-image-preview', 'models/gemini-embedding-001']);
  });

  it('refuses a bad key with 400 API_KEY_INVALID and a missing one with 403, on both versions, as a key check meets it', async () => {
    for (const version of ['v1beta', 'v1beta2']) {
      const bad = await send(`${fake.googleBaseUrl}/${version}/models`, { headers: { 'x-goog-api-key': 'bad-key' } });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.' });
      expect(bad.json.error.details[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' });
      const missing = await send(`${fake.googleBaseUrl}/${version}/models`);
      expect(missing.status).toBe(403);
      expect(missing.json.error.status).toBe('PERMISSION_DENIED');
    }
  });

  it('honours pageSize and lists the §3.8 fields', async () => {
    const reply = await send(`${fake.googleBaseUrl}/v1beta/models?pageSize=10`, { headers: googleAuth });
    expect(reply.json.models).toHaveLength(4);
    expect(reply.json.nextPageToken).toBeUndefined();
    expect(reply.json.models[0]).toMatchObject({
      name: 'models/gemini-3-pro-preview', displayName: expect.any(String), inputTokenLimit: expect.any(Number), outputTokenLimit: 65536,
      temperature: 1, maxTemperature: 2, topP: 0.95, topK: 64, supportedGenerationMethods: expect.arrayContaining(['generateContent', 'countTokens']),
    });
    expect(reply.json.models[3].supportedGenerationMethods).not.toContain('generateContent');
  });

  it('no longer lists shut-down models and answers 404 NOT_FOUND for them; hidden models likewise', async () => {
    const names = ((await send(`${fake.googleBaseUrl}/v1beta/models?pageSize=50`, { headers: googleAuth })).json.models as Array<{ name: string }>).map((m) => m.name);
    expect(names).not.toContain('models/gemini-2.0-flash');
    const gone = await generate(geminiBody('Hi'), 'gemini-2.0-flash');
    expect(gone.status).toBe(404);
    expect(gone.json.error.status).toBe('NOT_FOUND');
    fake.hideModels(['gemini-3-flash-preview']);
    try {
      const hidden = ((await send(`${fake.googleBaseUrl}/v1beta/models?pageSize=50`, { headers: googleAuth })).json.models as Array<{ name: string }>).map((m) => m.name);
      expect(hidden).not.toContain('models/gemini-3-flash-preview');
      expect((await generate(geminiBody('Hi'), 'gemini-3-flash-preview')).status).toBe(404);
    } finally {
      fake.hideModels([]);
    }
  });

  it('returns one model and 404 for an unknown one', async () => {
    expect((await send(`${fake.googleBaseUrl}/v1beta/models/gemini-3-pro-preview?key=k`)).json.name).toBe('models/gemini-3-pro-preview');
    expect((await send(`${fake.googleBaseUrl}/v1beta/models/gemini-9?key=k`)).json.error.status).toBe('NOT_FOUND');
  });
});

describe('auth', () => {
  it('answers 403 PERMISSION_DENIED without a key', async () => {
    const reply = await postJson(generateUrl(), geminiBody('Hi'));
    expect(reply.status).toBe(403);
    expect(reply.json.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(reply.json.error.message).toMatch(/^Method doesn't allow unregistered callers/);
  });

  it('answers 400 API_KEY_INVALID for a bad key, whether sent as header or ?key=', async () => {
    for (const reply of [
      await postJson(generateUrl(), geminiBody('Hi'), { 'x-goog-api-key': 'bad-key' }),
      await postJson(`${generateUrl()}?key=bad-key`, geminiBody('Hi')),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.' });
      expect(reply.json.error.details[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' });
    }
    expect((await postJson(`${generateUrl()}?key=good`, geminiBody('Hi'))).status).toBe(200);
  });
});

describe('generateContent', () => {
  it('answers per §3.4 and records the body', async () => {
    const body = {
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
        { role: 'user', parts: [{ text: 'Name a colour.' }] },
      ],
      generationConfig: { temperature: 0.7, topP: 0.95, topK: 40, candidateCount: 2, maxOutputTokens: 256, stopSequences: [] },
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }],
    };
    const reply = await generate(body);
    expect(reply.status).toBe(200);
    expect(reply.json.candidates).toHaveLength(2);
    expect(reply.json.candidates[1]).toMatchObject({ content: { role: 'model', parts: [{ text: expect.any(String) }] }, finishReason: 'STOP', index: 1 });
    expect(reply.json.candidates[0].safetyRatings[0]).toMatchObject({ probability: 'NEGLIGIBLE' });
    const text: string = reply.json.candidates[0].content.parts[0].text;
    expect(text.split('\n')[0]).toBe('Simulated Gemini answer (gemini-3-flash-preview).');
    expect(text).toContain('Name a colour.');
    const usage = reply.json.usageMetadata;
    // A thinking model reports its thoughts apart, and the total counts them (§3.4).
    expect(usage.thoughtsTokenCount).toBe(SIMULATED_THOUGHTS_TOKENS);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount + usage.thoughtsTokenCount);
    expect(reply.json).toMatchObject({ modelVersion: 'gemini-3-flash-preview', responseId: expect.any(String) });
    expect(fake.requests[0]).toMatchObject({ service: 'gemini', path: '/v1beta/models/gemini-3-flash-preview:generateContent', body });
    expect(fake.requests[0]?.headers['x-goog-api-key']).toBe(googleAuth['x-goog-api-key']);
  });

  it('accepts snake_case field names and stops at maxOutputTokens with MAX_TOKENS', async () => {
    const reply = await generate({ contents: [{ parts: [{ text: 'Hi' }] }], generation_config: { max_output_tokens: 4 }, system_instruction: { parts: [{ text: 'x' }] } });
    expect(reply.status).toBe(200);
    expect(reply.json.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(reply.json.candidates[0].content.parts[0].text).toHaveLength(16);
  });

  it.each([
    [{ foo: 1 }, 'Invalid JSON payload received. Unknown name "foo": Cannot find field.'],
    [{ generationConfig: { maxTokens: 5 } }, `Invalid JSON payload received. Unknown name "maxTokens" at 'generation_config': Cannot find field.`],
    [{ contents: [] }, '* GenerateContentRequest.contents: contents is not specified\n'],
    [{ contents: [{ role: 'assistant', parts: [{ text: 'x' }] }, { role: 'user', parts: [{ text: 'y' }] }] }, 'Please use a valid role: user, model.'],
    [{ contents: [{ role: 'user', parts: [{ text: 'a' }] }, { role: 'user', parts: [{ text: 'b' }] }] }, 'Please ensure that multiturn requests alternate between user and model.'],
    [{ contents: [{ role: 'user', parts: [{ text: 'a' }] }, { role: 'model', parts: [{ text: 'b' }] }] }, 'Please ensure that multiturn requests ends with a user role or a function response.'],
    [{ generationConfig: { temperature: 2.5 } }, undefined],
    [{ generationConfig: { topP: 1.5 } }, undefined],
    [{ generationConfig: { candidateCount: 0 } }, undefined],
    [{ generationConfig: { candidateCount: 9 } }, undefined],
    [{ generationConfig: { topK: -1 } }, undefined],
    [{ generationConfig: { maxOutputTokens: 0 } }, undefined],
    [{ generationConfig: { temperature: 'hot' } }, `Invalid value at 'generation_config.temperature' (TYPE_FLOAT), "hot"`],
  ])('rejects %j with 400 INVALID_ARGUMENT', async (change, message) => {
    const reply = await generate({ ...geminiBody('Hi'), ...change });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    if (message) expect(reply.json.error.message).toBe(message);
  });

  it('answers 404 NOT_FOUND for an unknown model or one without generateContent', async () => {
    const reply = await generate(geminiBody('Hi'), 'gemini-9');
    expect(reply.status).toBe(404);
    expect(reply.json.error).toMatchObject({
      status: 'NOT_FOUND',
      message: 'models/gemini-9 is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
    });
    expect((await generate(geminiBody('Hi'), 'text-embedding-004')).status).toBe(404);
  });

  it('counts tokens', async () => {
    const reply = await postJson(generateUrl('gemini-3-flash-preview', 'countTokens'), { contents: [{ parts: [{ text: '12345678' }] }] }, googleAuth);
    expect(reply.json).toEqual({ totalTokens: 2 });
  });
});

describe('streamGenerateContent', () => {
  it('streams complete GenerateContentResponse chunks over SSE without [DONE] (§3.5)', async () => {
    const reply = await postJson(`${generateUrl('gemini-3-flash-preview', 'streamGenerateContent')}?alt=sse`, geminiBody('Stream me'), googleAuth);
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseData(reply.text);
    expect(events).not.toContain('[DONE]');
    const chunks = events.map((data) => JSON.parse(data) as { candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }>; usageMetadata: { candidatesTokenCount?: number; thoughtsTokenCount?: number; promptTokenCount: number; totalTokenCount: number } });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
    expect(chunks[0]?.candidates[0]?.finishReason).toBeUndefined();
    expect(chunks.at(-1)?.usageMetadata.candidatesTokenCount).toBeGreaterThan(0);
    const final = chunks.at(-1)!.usageMetadata;
    expect(final.thoughtsTokenCount).toBe(SIMULATED_THOUGHTS_TOKENS);
    expect(final.totalTokenCount).toBe(final.promptTokenCount + final.candidatesTokenCount! + SIMULATED_THOUGHTS_TOKENS);
    expect(chunks[0]?.usageMetadata).toEqual({ promptTokenCount: final.promptTokenCount, totalTokenCount: final.promptTokenCount + SIMULATED_THOUGHTS_TOKENS, thoughtsTokenCount: SIMULATED_THOUGHTS_TOKENS });
    const text = chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text ?? '').join('');
    expect(text).toBe((await generate(geminiBody('Stream me'), 'gemini-3-flash-preview')).json.candidates[0].content.parts[0].text);
  });

  it('streams one JSON array without alt=sse', async () => {
    const reply = await postJson(generateUrl('gemini-3-flash-preview', 'streamGenerateContent'), geminiBody('Hi'), googleAuth);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(reply.json)).toBe(true);
  });
});
