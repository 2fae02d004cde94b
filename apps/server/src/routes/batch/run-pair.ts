// A prompt-list run on any pair: each side planned exactly as a general comparison's is
// (routes/comparison/pair-edge.ts: service, settings by kind, today's default model), on the
// subscriber's saved keys (the same rule as a comparison's), never on the operator's.
import { BATCH_MESSAGES, type TRunSide } from '@promptpair/contract';
import { ApiError } from '../../lib/api-error.ts';
import type { RunPairPlan } from '../../services/batch/batch-service.ts';
import type { Services } from '../../services/services.ts';
import { pairWithSavedKeys } from '../../services/subscription/stored-key-comparison.ts';
import { planPair } from '../comparison/pair-edge.ts';

/** The run's two sides, or a 422 naming the side: an unknown service, a setting its kind refuses, no saved key. */
export async function planRunPair(sides: { a: TRunSide; b: TRunSide }, visitorId: string, services: Services): Promise<RunPairPlan> {
  // The prompt is each line of the list; planning a side does not read it.
  const request = await pairWithSavedKeys({ prompt: '', sides }, visitorId, services.subscriptions);
  const { pair } = await planPair(request, services.serviceRegistry, services.offeredModels);
  for (const side of [pair.a, pair.b]) {
    // A run of thousands of prompts is never paid by the operator: its sides run on the saved keys.
    if (!side.plan || side.plan.paidByOperator) {
      const message = BATCH_MESSAGES.noSavedKey(side.wire === 'b' ? 'b' : 'a', side.name);
      throw new ApiError('validation_failed', message, { [`sides.${side.wire}.service`]: [message] });
    }
  }
  return { a: { log: pair.a.log, settings: pair.a.settings }, b: { log: pair.b.log, settings: pair.b.settings } };
}
