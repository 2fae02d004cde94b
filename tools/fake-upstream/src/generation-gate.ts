import { setTimeout as delay } from 'node:timers/promises';
import { findDirectiveScenario } from './directives.ts';
import type { ApiCall } from './server-state.ts';
import type { Scenario } from './types.ts';

/** A scripted scenario wins over a directive typed into the prompt. */
export function pickScenario(call: ApiCall, promptText: string): Scenario | undefined {
  return call.state.scenarios.take(call.service) ?? findDirectiveScenario(promptText, call.service);
}

/**
 * Applies `hang` and latency before anything is answered (auth errors included, as a slow upstream would).
 * Resolves false when the call must not be answered: it hangs, or the client went away while waiting.
 * Timers, not busy waits, so hundreds of delayed calls are served in parallel.
 */
export async function waitBeforeAnswer(call: ApiCall, scenario: Scenario | undefined): Promise<boolean> {
  const { res, state } = call;
  if (scenario?.hang) {
    state.hanging.add(res);
    res.once('close', () => state.hanging.delete(res));
    return false;
  }
  const totalMs = state.options.latencyMs + (scenario?.latencyMs ?? 0);
  if (totalMs > 0) {
    const clientGone = new AbortController();
    const onClose = (): void => clientGone.abort();
    res.once('close', onClose);
    try {
      await delay(totalMs, undefined, { signal: clientGone.signal });
    } catch {
      return false;
    } finally {
      res.off('close', onClose);
    }
  }
  return !res.destroyed;
}
