// Log Details names a general pair's services as the visitor sees them; the downloads keep the ids.
import { API_ROUTES, logDownloadPath, type TLogExportEntry, type TLogRecord } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  const simulator = await (await import('@promptpair/fake-upstream')).startFakeUpstream();
  server = await startTestServer({ ANTHROPIC_API_KEY: 'sk-ant-operator-logs', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, RATE_LIMITS: 'off' }, { fake: simulator });
});
afterAll(async () => {
  await server.close();
  await server.fake.close();
});

describe('GET /log-details for a general pair', () => {
  it('carries each side’s display name beside its service and model; the spec’s pair names no sides; the JSON download keeps ids only', async () => {
    const visitor = server.client();
    await visitor.post(API_ROUTES.getChatData, { prompt: 'Spec', chatGPT: { logOutput: true }, bardAPI: { logOutput: true } });
    await visitor.post(API_ROUTES.getChatData, { prompt: 'General', sides: { a: { service: 'claude', logOutput: true }, b: { service: 'chatgpt', model: 'gpt-4o', logOutput: true } } });
    const { body } = await visitor.get<TLogRecord[]>(API_ROUTES.logDetails);
    expect(body.find((record) => record.prompt_message === 'General')?.sides).toEqual({
      a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5', name: 'Claude' },
      b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o', name: 'ChatGPT' },
    });
    expect(body.find((record) => record.prompt_message === 'Spec')).not.toHaveProperty('sides');
    const json = (await visitor.get<TLogExportEntry[]>(logDownloadPath('json'))).body;
    expect(json.find((entry) => entry.prompt === 'General')?.sides.a).toEqual({ service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5' });
  });
});
