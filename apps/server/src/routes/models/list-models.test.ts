import { API_ROUTES, type TModelOffers } from '@promptpair/contract';
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
    expect(body).toEqual(['gemini-3-flash-preview', 'gemini-3-pro-preview', 'chat-bison-001']);
    expect(body).not.toContain('gemini-embedding-001');
    expect(body).not.toContain('gemini-3-pro-image-preview');
    expect(body.every((id) => !id.startsWith('models/'))).toBe(true);
  });

  it('falls back to the built-in list when the upstream list fails', async () => {
    const broken = await startTestServer({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', GOOGLE_BASE_URL: 'http://127.0.0.1:9' }, { fake: server.fake, today: '2026-11-27' });
    try {
      // The dated fallbacks of openai/catalog.ts and google/catalog.ts, newest first, with retirement days.
      expect((await broken.client().get(API_ROUTES.listModelsChatgpt)).body).toEqual(['gpt-5.1', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-4.1', 'gpt-4o-mini', 'o4-mini', 'o3']);
      expect((await broken.client().get(API_ROUTES.listModelsPalmapi)).body).toEqual(['gemini-3-flash-preview', 'gemini-3-pro-preview']);
      const offers = (await broken.client().get<TModelOffers>(API_ROUTES.models)).body;
      expect(offers.chatGPT.defaultModel).toBe('gpt-5-mini');
      expect(offers.palmAPI.defaultModel).toBe('gemini-3-flash-preview');
      expect(offers.chatGPT.models.find((m) => m.id === 'gpt-4.1')?.retiresOn).toBe('2027-01-14');
    } finally {
      await broken.close();
    }
  });
});
