import type { Scenario, ScriptTarget, ServiceName } from './types.ts';

interface QueuedScenario {
  scenario: Scenario;
  remaining: number;
}

const FIXED_SERVICES: readonly ServiceName[] = ['openai', 'gemini', 'palm', 'anthropic'];

/** Expands a script target to the services it stands for; `all` includes every declared compatible service. */
export function servicesOf(target: ScriptTarget | 'all', compatServices: readonly ServiceName[] = []): ServiceName[] {
  if (target === 'google') return ['gemini', 'palm'];
  if (target === 'all') return [...FIXED_SERVICES, ...compatServices];
  return [target];
}

/** True when a scenario for `target` applies to calls of `service`. */
export function targets(target: ScriptTarget | 'all', service: ServiceName): boolean {
  return target === service || target === 'all' || (target === 'google' && (service === 'gemini' || service === 'palm'));
}

/**
 * Per-service FIFO of scripted scenarios. Each generation call of a service takes one use
 * of the scenario at the head of its queue; `google` queues the scenario on gemini and palm separately.
 */
export class ScenarioQueue {
  readonly #queues = new Map<ServiceName, QueuedScenario[]>();

  /** `compatServices`: the declared compatible services' names (`compat/<id>`), which `all` also addresses. */
  constructor(private readonly compatServices: readonly ServiceName[] = []) {}

  add(target: ScriptTarget | 'all', scenario: Scenario, times = 1): void {
    if (!(times === Infinity || (Number.isInteger(times) && times > 0))) {
      throw new RangeError(`times must be a positive integer or Infinity, got ${String(times)}`);
    }
    for (const service of servicesOf(target, this.compatServices)) {
      const queue = this.#queues.get(service) ?? [];
      queue.push({ scenario: { ...scenario }, remaining: times });
      this.#queues.set(service, queue);
    }
  }

  take(service: ServiceName): Scenario | undefined {
    const queue = this.#queues.get(service);
    const head = queue?.[0];
    if (!queue || !head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) queue.shift();
    return head.scenario;
  }

  clear(): void {
    this.#queues.clear();
  }
}
