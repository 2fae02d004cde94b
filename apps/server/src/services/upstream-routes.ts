import type { TBardSettings, TChatGptSettings } from '@promptpair/contract';
import type { ServiceAdapter } from '../upstreams/types.ts';

/**
 * Where one service's calls go. The operator's key pays for free prompts; a visitor's own key
 * goes to `visitor`, which in demo mode is the real service while `operator` is the simulator.
 */
export interface ServiceRoute<S> {
  operator: { adapter: ServiceAdapter<S>; apiKey: string } | null;
  visitor: ServiceAdapter<S>;
}

/** The spec's pair's routes, by service id. */
export interface UpstreamRoutes {
  chatgpt: ServiceRoute<TChatGptSettings>;
  palm: ServiceRoute<TBardSettings>;
}

export interface SidePlan<S> {
  adapter: ServiceAdapter<S>;
  apiKey: string;
  paidByOperator: boolean;
}

/** Picks the key and adapter for one side; null when neither the visitor nor the server has a key. */
export function planSide<S>(route: ServiceRoute<S>, visitorKey: string | undefined): SidePlan<S> | null {
  if (visitorKey) return { adapter: route.visitor, apiKey: visitorKey, paidByOperator: false };
  if (route.operator) return { adapter: route.operator.adapter, apiKey: route.operator.apiKey, paidByOperator: true };
  return null;
}
