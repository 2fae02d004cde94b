import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANTHROPIC_SETTINGS, API_ROUTES, GOOGLE_SETTINGS, OPENAI_SETTINGS, ZServiceList, type TModelOffers, type TServiceInfo, type TServiceList } from '@promptpair/contract';
import { OPENAI_FALLBACK_MODELS } from '../../upstreams/openai/catalog.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let servicesFile: string;
beforeAll(async () => {
  server = await startTestServer();
  servicesFile = join(mkdtempSync(join(tmpdir(), 'promptpair-services-')), 'services.json');
  writeFileSync(servicesFile, JSON.stringify([
    { id: 'router', name: 'Model Router', baseUrl: server.fake.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: ['meta-llama/llama-3.3-70b-instruct'], settings: ['temperature', 'maxLength'] },
  ]));
});
afterAll(() => server.close());

const byId = (list: TServiceList) => new Map(list.services.map((service) => [service.id, service]));
const summary = (service: TServiceInfo | undefined) => service && { kind: service.kind, name: service.name, freePrompts: service.freePrompts };

describe('GET /api/services', () => {
  it('lists the spec’s pair first, with their models and settings, when nothing else is configured', async () => {
    const { status, body } = await server.client().get<TServiceList>(API_ROUTES.services);
    expect(status).toBe(200);
    expect(ZServiceList.parse(body)).toEqual(body);
    expect(body.services.map((service) => service.id)).toEqual(['chatgpt', 'palm']);
    const [chatgpt, palm] = body.services;
    // The same offer the model pickers read: today's default and the models the service lists.
    const { body: offers } = await server.client().get<TModelOffers>(API_ROUTES.models);
    expect(chatgpt).toMatchObject({ kind: 'openai', name: 'ChatGPT', defaultModel: 'gpt-5-mini', settings: [...OPENAI_SETTINGS], freePrompts: true });
    expect(chatgpt?.models).toEqual(offers.chatGPT.models.map((model) => model.id));
    expect(chatgpt?.models).toContain('gpt-5-mini');
    expect(palm).toMatchObject({ kind: 'google', name: 'Palm API', defaultModel: 'gemini-3-flash-preview', settings: [...GOOGLE_SETTINGS], freePrompts: true });
    expect(palm?.models).toEqual(offers.palmAPI.models.map((model) => model.id));
    expect(palm?.models).not.toContain('gemini-2.0-flash');
    expect([chatgpt?.defaultModel, palm?.defaultModel]).toEqual([offers.chatGPT.defaultModel, offers.palmAPI.defaultModel]);
  });

  it('adds Claude and the declared OpenAI-compatible services, with only the settings a service accepts', async () => {
    const configured = await startTestServer(
      { ANTHROPIC_API_KEY: 'sk-ant-operator-0003', ANTHROPIC_BASE_URL: server.fake.anthropicBaseUrl, SERVICES_FILE: servicesFile, ROUTER_KEY: 'rk-operator-0004' },
      { fake: server.fake },
    );
    try {
      const { body } = await configured.client().get<TServiceList>(API_ROUTES.services);
      expect(body.services.map((service) => service.id)).toEqual(['chatgpt', 'palm', 'claude', 'router']);
      const services = byId(body);
      expect(services.get('claude')).toMatchObject({ kind: 'anthropic', name: 'Claude', settings: [...ANTHROPIC_SETTINGS], freePrompts: true });
      // Claude's list is read from the service with the operator's key.
      expect(services.get('claude')?.models.length).toBeGreaterThan(0);
      expect(configured.fake.requests.some((r) => r.service === 'anthropic' && r.path === '/anthropic/v1/models')).toBe(true);
      expect(services.get('router')).toMatchObject({
        kind: 'openai-compatible',
        name: 'Model Router',
        models: ['meta-llama/llama-3.3-70b-instruct'],
        defaultModel: 'meta-llama/llama-3.3-70b-instruct',
        freePrompts: true,
      });
      expect(services.get('router')?.settings.map((setting) => setting.name)).toEqual(['temperature', 'maxLength']);
      expect(JSON.stringify(body)).not.toMatch(/sk-ant-operator|rk-operator/);
    } finally {
      await configured.close();
    }
  });

  it('in demo mode offers every built-in service and the simulator’s compatible ones, all answering free prompts', async () => {
    const demo = await startTestServer({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '', GOOGLE_API_KEY: '', GOOGLE_BASE_URL: '' }, { fake: server.fake });
    try {
      const { body } = await demo.client().get<TServiceList>(API_ROUTES.services);
      expect(body.services.map((service) => summary(service))).toEqual([
        { kind: 'openai', name: 'ChatGPT', freePrompts: true },
        { kind: 'google', name: 'Palm API', freePrompts: true },
        { kind: 'anthropic', name: 'Claude', freePrompts: true },
        { kind: 'openai-compatible', name: 'Model Router', freePrompts: true },
        { kind: 'openai-compatible', name: 'Local Models', freePrompts: true },
      ]);
      expect(byId(body).get('local')?.models).toEqual(['llama3.3:70b', 'qwen3:32b']);
    } finally {
      await demo.close();
    }
  });

  it('shows the built-in list when a service’s list cannot be read, as the model pickers do', async () => {
    const broken = await startTestServer({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, { fake: server.fake });
    try {
      const { body } = await broken.client().get<TServiceList>(API_ROUTES.services);
      const fallback = OPENAI_FALLBACK_MODELS.map((model) => model.id);
      const offered = byId(body).get('chatgpt')?.models ?? [];
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.every((id) => fallback.includes(id))).toBe(true);
      const { body: pickers } = await broken.client().get<TModelOffers>(API_ROUTES.models);
      expect(offered).toEqual(pickers.chatGPT.models.map((model) => model.id));
    } finally {
      await broken.close();
    }
  });
});
