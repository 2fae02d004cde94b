// The one list of service kinds on the server: for each, how to build its adapter, where the demo
// simulator serves it, its list prices and its models. The contract's SERVICE_KINDS names the same
// kinds; registry.test.ts walks both and fails when a kind lacks any part. Adding a kind:
// docs/ARCHITECTURE.md, "Adding a kind: the steps".
import {
  KIND_SETTINGS,
  ZAnthropicSettings,
  ZBardSettings,
  ZChatGptSettings,
  type SettingDescriptor,
  type TPriceTable,
  type TServiceKind,
} from '@promptpair/contract';
import type { z } from 'zod';
import { REAL_UPSTREAMS } from '../config/env.ts';
import { createAnthropicAdapter } from './anthropic/adapter.ts';
import { ANTHROPIC_CONTEXT_TOKENS, ANTHROPIC_FALLBACK_MODELS, ANTHROPIC_PRICES, DEFAULT_ANTHROPIC_MODEL } from './anthropic/catalog.ts';
import { createGoogleAdapter } from './google/adapter.ts';
import { GOOGLE_BUILT_IN_DEFAULT, GOOGLE_CONTEXT_TOKENS, GOOGLE_FALLBACK_MODELS, GOOGLE_PRICES } from './google/catalog.ts';
import { createCompatibleAdapter } from './openai-compatible/kind.ts';
import { createOpenAiAdapter } from './openai/adapter.ts';
import { OPENAI_BUILT_IN_DEFAULT, OPENAI_CONTEXT_TOKENS, OPENAI_FALLBACK_MODELS, OPENAI_PRICES } from './openai/catalog.ts';
import type { ServiceAdapter, UpstreamConfig } from './types.ts';

/** Where a simulator serves each kind; the fake upstream satisfies it. */
export interface KindSimulator {
  openaiBaseUrl: string;
  googleBaseUrl: string;
  anthropicBaseUrl: string;
  compatBaseUrl(id: string): string;
}

/** One configured endpoint of a kind, as the adapter needs it. */
export interface ServiceEndpoint {
  id: string;
  /** The name the visitor sees, in error texts too. */
  name: string;
  baseUrl: string;
}

export interface ServiceKindEntry {
  kind: TServiceKind;
  /** The settings a side of this kind takes (the contract's schema; the same the panel describes). */
  settingsSchema: z.ZodType;
  settings: readonly SettingDescriptor[];
  /** The real service's base URL, as the adapter takes it; undefined when every service of the kind declares its own. */
  realBaseUrl: string | undefined;
  createAdapter(config: UpstreamConfig, endpoint: ServiceEndpoint): ServiceAdapter<never>;
  /** Where the demo simulator serves a service of this kind. */
  simulatorBaseUrl(simulator: KindSimulator, serviceId: string): string;
  /** List prices by model id; a declared service adds its own (SERVICES_FILE `prices`). */
  prices: TPriceTable;
  /** Context windows in tokens by model id; a declared service adds its own (SERVICES_FILE `contextTokens`). */
  contextTokens: Readonly<Record<string, number>>;
  /** Shown when the service's own list cannot be read; empty where the declaration names the models. */
  fallbackModels: readonly string[];
  /** The model a side gets when it names none; undefined where the declaration's first model is. */
  defaultModel: string | undefined;
}

// The adapters take their own settings types; the registry holds them as one type, and the comparison
// parses every side's settings with the entry's own schema before a call, so what reaches an adapter fits it.
const erase = <S>(adapter: ServiceAdapter<S>) => adapter as unknown as ServiceAdapter<never>;


export const SERVICE_KIND_REGISTRY: Readonly<Record<TServiceKind, ServiceKindEntry>> = {
  openai: {
    kind: 'openai',
    settingsSchema: ZChatGptSettings,
    settings: KIND_SETTINGS.openai,
    realBaseUrl: REAL_UPSTREAMS.openaiBaseUrl,
    createAdapter: (config, endpoint) => erase(createOpenAiAdapter({ ...config, openaiBaseUrl: endpoint.baseUrl })),
    simulatorBaseUrl: (simulator) => simulator.openaiBaseUrl,
    prices: OPENAI_PRICES,
    contextTokens: OPENAI_CONTEXT_TOKENS,
    fallbackModels: OPENAI_FALLBACK_MODELS.map((model) => model.id),
    defaultModel: OPENAI_BUILT_IN_DEFAULT,
  },
  google: {
    kind: 'google',
    settingsSchema: ZBardSettings,
    settings: KIND_SETTINGS.google,
    realBaseUrl: REAL_UPSTREAMS.googleBaseUrl,
    createAdapter: (config, endpoint) => erase(createGoogleAdapter({ ...config, googleBaseUrl: endpoint.baseUrl })),
    simulatorBaseUrl: (simulator) => simulator.googleBaseUrl,
    prices: GOOGLE_PRICES,
    contextTokens: GOOGLE_CONTEXT_TOKENS,
    fallbackModels: GOOGLE_FALLBACK_MODELS.map((model) => model.id),
    defaultModel: GOOGLE_BUILT_IN_DEFAULT,
  },
  anthropic: {
    kind: 'anthropic',
    settingsSchema: ZAnthropicSettings,
    settings: KIND_SETTINGS.anthropic,
    realBaseUrl: REAL_UPSTREAMS.anthropicBaseUrl,
    createAdapter: (config, endpoint) => erase(createAnthropicAdapter(config, { baseUrl: endpoint.baseUrl, displayName: endpoint.name })),
    simulatorBaseUrl: (simulator) => simulator.anthropicBaseUrl,
    prices: ANTHROPIC_PRICES,
    contextTokens: ANTHROPIC_CONTEXT_TOKENS,
    fallbackModels: ANTHROPIC_FALLBACK_MODELS,
    defaultModel: DEFAULT_ANTHROPIC_MODEL,
  },
  'openai-compatible': {
    kind: 'openai-compatible',
    settingsSchema: ZChatGptSettings,
    settings: KIND_SETTINGS['openai-compatible'],
    realBaseUrl: undefined,
    createAdapter: (config, endpoint) => erase(createCompatibleAdapter(config, { baseUrl: endpoint.baseUrl, displayName: endpoint.name })),
    simulatorBaseUrl: (simulator, serviceId) => simulator.compatBaseUrl(serviceId),
    prices: {},
    contextTokens: {},
    fallbackModels: [],
    defaultModel: undefined,
  },
};
