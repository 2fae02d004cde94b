// A follow-up turn planned for its visitor, open or blind: each side's key by the first turn's rule
// (the one sent, else a subscriber's saved key for the service), then the history and the pair
// (follow-up-edge.ts).
import type { TFollowUpRequest } from '@promptpair/contract';
import type { ConversationSoFar } from '../../services/conversations.ts';
import type { Services } from '../../services/services.ts';
import { pairWithSavedKeys } from '../../services/subscription/stored-key-comparison.ts';
import { planFollowUp } from './follow-up-edge.ts';

export async function planFollowUpTurn(body: TFollowUpRequest, soFar: ConversationSoFar, visitorId: string, services: Services) {
  const keyed = await pairWithSavedKeys(
    { prompt: soFar.prompt ?? body.prompt ?? '', sides: { a: { service: soFar.a.service, apiKey: body.apiKeys?.a }, b: { service: soFar.b.service, apiKey: body.apiKeys?.b } } },
    visitorId,
    services.subscriptions,
  );
  const deps = { registry: services.serviceRegistry, offeredModels: services.offeredModels, limits: services.conversations.limits };
  return planFollowUp(body.prompt, soFar, { a: keyed.sides.a.apiKey, b: keyed.sides.b.apiKey }, deps);
}
