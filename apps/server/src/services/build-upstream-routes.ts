import { REAL_UPSTREAMS, type Env } from '../config/env.ts';
import type { Adapters } from '../upstreams/index.ts';
import type { UpstreamConfig } from '../upstreams/types.ts';
import type { UpstreamRoutes } from './upstream-routes.ts';

/** The key demo calls carry to the simulator; it is not a secret and grants nothing elsewhere. */
export const DEMO_KEY = 'demo-key';

export interface BuiltRoutes {
  routes: UpstreamRoutes;
  /** The adapters and keys the model dropdowns are read with. */
  operatorAdapters: Adapters;
  operatorKeys: { openai: string | undefined; google: string | undefined };
}

/**
 * Decides where each call goes. A visitor's own key always reaches the configured service (the
 * real one unless a base URL says otherwise); the operator's calls go there too, except in demo
 * mode, where they go to the in-process simulator at `demoBaseUrls`.
 */
export function buildUpstreamRoutes(
  env: Env,
  timing: Pick<UpstreamConfig, 'timeoutMs' | 'maxRetries' | 'maxRetryDelayMs' | 'maxResponseBytes'>,
  createAdapters: (config: UpstreamConfig) => Adapters,
  demoBaseUrls?: { openaiBaseUrl: string; googleBaseUrl: string },
): BuiltRoutes {
  const visitorAdapters = createAdapters({
    ...timing,
    openaiBaseUrl: env.openai.baseUrl ?? REAL_UPSTREAMS.openaiBaseUrl,
    googleBaseUrl: env.google.baseUrl ?? REAL_UPSTREAMS.googleBaseUrl,
  });
  const operatorAdapters = demoBaseUrls ? createAdapters({ ...timing, ...demoBaseUrls }) : visitorAdapters;
  // A service counts as configured with a key, or with an address alone (a keyless compatible server).
  const operatorKey = (service: Env['openai']) => (demoBaseUrls ? DEMO_KEY : (service.apiKey ?? (service.baseUrl ? 'none' : undefined)));
  const openai = operatorKey(env.openai);
  const google = operatorKey(env.google);
  return {
    routes: {
      chatgpt: { visitor: visitorAdapters.openai, operator: openai ? { adapter: operatorAdapters.openai, apiKey: openai } : null },
      palm: { visitor: visitorAdapters.google, operator: google ? { adapter: operatorAdapters.google, apiKey: google } : null },
    },
    operatorAdapters,
    operatorKeys: { openai, google },
  };
}
