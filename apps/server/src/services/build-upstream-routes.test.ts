import { describe, expect, it } from 'vitest';
import { parseEnv, REAL_UPSTREAMS } from '../config/env.ts';
import type { Adapters } from '../upstreams/index.ts';
import type { UpstreamConfig } from '../upstreams/types.ts';
import { buildUpstreamRoutes, DEMO_KEY } from './build-upstream-routes.ts';

const timing = { timeoutMs: 1000, maxRetries: 0, maxRetryDelayMs: 0 };

/** Records which addresses each adapter pair was built for. */
function recordingFactory() {
  const built: UpstreamConfig[] = [];
  const create = (config: UpstreamConfig): Adapters => {
    built.push(config);
    const tag = { listModels: () => Promise.resolve([config.openaiBaseUrl]), generate: () => Promise.reject(new Error('unused')) };
    return { openai: { ...tag }, google: { ...tag } };
  };
  return { built, create };
}

describe('buildUpstreamRoutes', () => {
  it('in demo mode sends operator calls to the simulator and visitor keys to the real services', () => {
    const { built, create } = recordingFactory();
    const demo = { openaiBaseUrl: 'http://127.0.0.1:1/v1', googleBaseUrl: 'http://127.0.0.1:1' };
    const { routes, operatorKeys } = buildUpstreamRoutes(parseEnv({}), timing, create, demo);
    expect(built[0]).toMatchObject({ openaiBaseUrl: REAL_UPSTREAMS.openaiBaseUrl, googleBaseUrl: REAL_UPSTREAMS.googleBaseUrl });
    expect(built[1]).toMatchObject(demo);
    expect(routes.chatgpt.operator?.apiKey).toBe(DEMO_KEY);
    expect(routes.chatgpt.visitor).not.toBe(routes.chatgpt.operator?.adapter);
    expect(operatorKeys).toEqual({ openai: DEMO_KEY, google: DEMO_KEY });
  });

  it('uses the configured addresses and keys for everyone otherwise', () => {
    const { built, create } = recordingFactory();
    const env = parseEnv({ OPENAI_API_KEY: 'sk-op', OPENAI_BASE_URL: 'http://127.0.0.1:2/v1', GOOGLE_BASE_URL: 'http://127.0.0.1:3' });
    const { routes } = buildUpstreamRoutes(env, timing, create);
    expect(built).toHaveLength(1);
    expect(built[0]).toMatchObject({ openaiBaseUrl: 'http://127.0.0.1:2/v1', googleBaseUrl: 'http://127.0.0.1:3' });
    expect(routes.chatgpt.operator?.apiKey).toBe('sk-op');
    expect(routes.palm.operator?.apiKey).toBe('none');
  });

  it('leaves a service without a server key when only the other one is configured', () => {
    const { create } = recordingFactory();
    const { routes } = buildUpstreamRoutes(parseEnv({ OPENAI_API_KEY: 'sk-op' }), timing, create);
    expect(routes.palm.operator).toBeNull();
  });
});
