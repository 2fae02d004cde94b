// The OpenAI-compatible services the simulator serves by default, and the checks on declared ones.
import type { CompatService, ServiceName } from '../types.ts';

/**
 * Two services with distinct model lists, one of them without usage in its answers, so a fresh
 * simulator shows the cases a declared service brings: ids with `/`, and tokens the service does not report.
 */
export const SAMPLE_COMPAT_SERVICES: readonly CompatService[] = [
  {
    id: 'router',
    name: 'Model Router',
    models: ['meta-llama/llama-3.3-70b-instruct', 'mistralai/mistral-small-3.2-24b-instruct', 'deepseek/deepseek-chat-v3.1'],
  },
  { id: 'local', name: 'Local Models', models: ['llama3.3:70b', 'qwen3:32b'], usage: false },
];

const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** The declared services by id, refusing ids that cannot be a path segment and services without models. */
export function compatServiceMap(services: readonly CompatService[]): Map<string, CompatService> {
  const byId = new Map<string, CompatService>();
  for (const service of services) {
    if (!ID_PATTERN.test(service.id)) throw new RangeError(`compat service id "${service.id}" must match ${String(ID_PATTERN)}`);
    if (byId.has(service.id)) throw new RangeError(`compat service id "${service.id}" is declared twice`);
    if (service.models.length === 0) throw new RangeError(`compat service "${service.id}" needs at least one model`);
    byId.set(service.id, { ...service, models: [...service.models] });
  }
  return byId;
}

export function compatServiceNames(byId: ReadonlyMap<string, CompatService>): ServiceName[] {
  return [...byId.keys()].map((id): ServiceName => `compat/${id}`);
}
