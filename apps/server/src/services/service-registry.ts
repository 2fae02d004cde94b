// The services a side can use, built once at start from configuration: the spec's pair (chatgpt,
// palm), Claude when configured, and the OpenAI-compatible services of SERVICES_FILE; in demo mode
// every built-in service and the simulator's compatible ones, all answered by the simulator.
import { findModelFact, mergePrices, type SettingDescriptor, type TPriceTable, type TServiceKind } from '@promptpair/contract';
import type { Env } from '../config/env.ts';
import { createUpstreamFetch } from '../upstreams/http/upstream-fetch.ts';
import { withBudget } from '../upstreams/index.ts';
import { SERVICE_KIND_REGISTRY, type KindSimulator, type ServiceKindEntry } from '../upstreams/registry.ts';
import type { UpstreamConfig } from '../upstreams/types.ts';
import { DEMO_KEY } from './build-upstream-routes.ts';
import { priced } from './priced-adapters.ts';
import type { ServiceRoute } from './upstream-routes.ts';

/** A service as configuration names it, before adapters exist. */
export interface ServiceSpec {
  id: string;
  kind: TServiceKind;
  name: string;
  /** Where visitors' keys go; undefined: the kind's real service. */
  baseUrl: string | undefined;
  /** The operator's key; 'none' stands for a keyless server reached by its address alone. */
  apiKey: string | undefined;
  /** Declared models (OpenAI-compatible services); undefined: the kind's list. */
  models?: readonly string[];
  prices?: TPriceTable;
  /** Context windows in tokens of declared models, over the kind's. */
  contextTokens?: Readonly<Record<string, number>>;
  /** Setting names it accepts; undefined: every setting of its kind. */
  settings?: readonly string[];
}

/** A compatible service the simulator serves, as the demo offers it. */
export interface SimulatedCompatService {
  id: string;
  name: string;
  models: readonly string[];
}

/** The services configuration offers, the spec's pair first (their order is the page's default: ChatGPT left, Palm API right). */
export function configuredServices(env: Env, demo?: { compat: readonly SimulatedCompatService[] }): ServiceSpec[] {
  // A service counts as configured with a key, or with an address alone (a keyless compatible server).
  const key = (service: { apiKey: string | undefined; baseUrl: string | undefined }) => service.apiKey ?? (service.baseUrl ? 'none' : undefined);
  const specs: ServiceSpec[] = [
    { id: 'chatgpt', kind: 'openai', name: 'ChatGPT', baseUrl: env.openai.baseUrl, apiKey: key(env.openai) },
    { id: 'palm', kind: 'google', name: 'Palm API', baseUrl: env.google.baseUrl, apiKey: key(env.google) },
  ];
  if (demo || env.anthropic.apiKey || env.anthropic.baseUrl) {
    specs.push({ id: 'claude', kind: 'anthropic', name: 'Claude', baseUrl: env.anthropic.baseUrl, apiKey: key(env.anthropic) });
  }
  for (const declared of env.declaredServices) {
    specs.push({ id: declared.id, kind: 'openai-compatible', name: declared.name, baseUrl: declared.baseUrl, apiKey: declared.apiKey ?? 'none', models: declared.models, prices: declared.prices, contextTokens: declared.contextTokens, settings: declared.settings });
  }
  for (const simulated of demo?.compat ?? []) {
    specs.push({ id: simulated.id, kind: 'openai-compatible', name: simulated.name, baseUrl: undefined, apiKey: undefined, models: simulated.models });
  }
  return specs;
}

export interface RegisteredService {
  id: string;
  kind: TServiceKind;
  name: string;
  entry: ServiceKindEntry;
  /** Visitor key → this service; else the operator's key (the simulator in demo mode). */
  route: ServiceRoute<never>;
  /** Declared models, for a kind whose services name their own. */
  declaredModels: readonly string[] | undefined;
  /** The model a side gets when it names none. */
  defaultModel: string;
  /** The settings the panel shows for it. */
  settings: readonly SettingDescriptor[];
  /** The model's context window in tokens, or undefined when the service does not document it (then nothing is checked). */
  contextTokens(model: string): number | undefined;
}

export interface ServiceRegistry {
  /** In the configured order. */
  list(): readonly RegisteredService[];
  get(id: string): RegisteredService | undefined;
}

/**
 * Adapters for every configured service, each over the shared HTTP client, with the per-call budget
 * and the price table (the kind's list prices, the declaration's, then PRICES_FILE over both).
 * With a simulator (demo mode) the operator's side of every service goes there with the demo key.
 */
export function buildServiceRegistry(
  specs: readonly ServiceSpec[],
  timing: Pick<UpstreamConfig, 'timeoutMs' | 'maxRetries' | 'maxRetryDelayMs' | 'maxResponseBytes' | 'fetch'>,
  prices: TPriceTable,
  simulator?: KindSimulator,
): ServiceRegistry {
  const config: UpstreamConfig = {
    ...timing,
    openaiBaseUrl: '',
    googleBaseUrl: '',
    fetch: timing.fetch ?? createUpstreamFetch({ maxResponseBytes: timing.maxResponseBytes }),
  };
  const services = specs.map((spec): RegisteredService => {
    const entry = SERVICE_KIND_REGISTRY[spec.kind];
    const defaultModel = entry.defaultModel ?? spec.models?.[0];
    if (!defaultModel) throw new RangeError(`service "${spec.id}" names no model and its kind has no default`);
    const table = mergePrices(mergePrices(entry.prices, spec.prices ?? {}), prices);
    const adapterAt = (baseUrl: string) => priced(withBudget(entry.createAdapter(config, { id: spec.id, name: spec.name, baseUrl }), config), table, defaultModel);
    const simulated = simulator ? entry.simulatorBaseUrl(simulator, spec.id) : undefined;
    const visitorBase = spec.baseUrl ?? entry.realBaseUrl ?? simulated;
    if (!visitorBase) throw new RangeError(`service "${spec.id}" has no address`);
    const visitor = adapterAt(visitorBase);
    const operatorKey = simulated ? DEMO_KEY : spec.apiKey;
    const operator = operatorKey ? { adapter: simulated ? adapterAt(simulated) : visitor, apiKey: operatorKey } : null;
    const accepted = spec.settings;
    const windows = { ...entry.contextTokens, ...spec.contextTokens };
    return {
      id: spec.id,
      kind: spec.kind,
      name: spec.name,
      entry,
      route: { visitor, operator },
      declaredModels: spec.models,
      defaultModel,
      settings: accepted ? entry.settings.filter((setting) => accepted.includes(setting.name)) : entry.settings,
      contextTokens: (model) => findModelFact(windows, model),
    };
  });
  const byId = new Map(services.map((service) => [service.id, service]));
  return { list: () => services, get: (id) => byId.get(id) };
}
