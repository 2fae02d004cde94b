import { setTimeout as delay } from 'node:timers/promises';
import { findDirectiveScenario } from './directives.ts';
import { resetMidAnswer } from './http-io.ts';
import type { ApiCall } from './server-state.ts';
import type { Scenario } from './types.ts';

/** A scripted scenario wins over a directive typed into the prompt. */
export function pickScenario(call: ApiCall, promptText: string): Scenario | undefined {
  return call.state.scenarios.take(call.service) ?? findDirectiveScenario(promptText, call.service);
}

/** Sends the prepared answer; may stream over time. */
export type Reply = () => void | Promise<void>;

/**
 * Works out the answer at once, then sends it `latency` after the request arrived: the simulated
 * latency is then the time to answer however busy the simulator is, as with a real remote service.
 * Applies `hang`, latency and `reset` to every answer (auth errors included, as a slow upstream would).
 * Timers, not busy waits, so hundreds of delayed calls are served in parallel.
 */
export async function answerAfterLatency(call: ApiCall, scenario: Scenario | undefined, prepare: () => Reply): Promise<void> {
  const { res, state } = call;
  if (scenario?.hang) {
    state.hanging.add(res);
    res.once('close', () => state.hanging.delete(res));
    return;
  }
  const reply = prepare();
  const waitMs = call.receivedAt + state.options.latencyMs + (scenario?.latencyMs ?? 0) - performance.now();
  if (waitMs > 0) {
    const clientGone = new AbortController();
    const onClose = (): void => clientGone.abort();
    res.once('close', onClose);
    try {
      await delay(waitMs, undefined, { signal: clientGone.signal });
    } catch {
      return;
    } finally {
      res.off('close', onClose);
    }
  }
  if (res.destroyed) return;
  if (scenario?.reset) return resetMidAnswer(res);
  await reply();
}
