import { API_ROUTES, FALLBACK_MODELS } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('model lists', () => {
  it('lists only chat models from the OpenAI list, and caches it', async () => {
    const { status, body } = await server.client().get<string[]>(API_ROUTES.listModelsChatgpt);
    expect(status).toBe(200);
    expect(body).toContain('gpt-4o-mini');
    expect(body.some((id) => /embedding|whisper|dall-e|tts/.test(id))).toBe(false);
    await server.client().get(API_ROUTES.listModelsChatgpt);
    expect(server.fake.requests.filter((r) => r.service === 'openai' && r.path === '/v1/models')).toHaveLength(1);
  });

  it('lists Gemini models that can generate content across every page', async () => {
    const { body } = await server.client().get<string[]>(API_ROUTES.listModelsPalmapi);
    expect(body).toEqual(expect.arrayContaining(['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro']));
    expect(body).not.toContain('text-embedding-004');
    expect(body.every((id) => !id.startsWith('models/'))).toBe(true);
  });

  it('falls back to the built-in list when the upstream list fails', async () => {
    const broken = await startTestServer({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', GOOGLE_BASE_URL: 'http://127.0.0.1:9' }, { fake: server.fake });
    try {
      expect((await broken.client().get(API_ROUTES.listModelsChatgpt)).body).toEqual([...FALLBACK_MODELS.chatGPT]);
      expect((await broken.client().get(API_ROUTES.listModelsPalmapi)).body).toEqual([...FALLBACK_MODELS.bard]);
    } finally {
      await broken.close();
    }
  });
});
