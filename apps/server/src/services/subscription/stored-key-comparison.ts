import { isMaskedKey, maskApiKey } from '@promptpair/contract';
import type { TPairRequest, TPairSide } from '@promptpair/contract';
import type { ComparisonService } from '../comparison.ts';
import type { SubscriptionKeys, SubscriptionService } from './subscription-service.ts';

/** Which key a side should run with, given what the page sent and what the subscriber saved. */
function pickKey(sent: string | undefined, saved: string | undefined): string | undefined {
  if (saved !== undefined && (sent === undefined || sent === maskApiKey(saved))) return saved;
  // A masked value that is not this visitor's: never send the mask itself upstream.
  return isMaskedKey(sent) ? undefined : sent;
}

/**
 * Subscribers' comparisons run on their saved keys when the page sends no key, or the masked
 * hint GET /api/get-api-key gave it; so they are not held to the free prompts (docs/decisions.md).
 * The spec's body is read here by its own names before its edge plans it (routes/comparison/spec-edge.ts).
 */
export function withStoredKeys(comparison: ComparisonService, subscriptions: SubscriptionService): ComparisonService {
  return {
    comparePair: (pair, info, who, watcher) => comparison.comparePair(pair, info, who, watcher),
    async compare(request, who, watcher, startsConversation) {
      const sentChat = request.chatGPT?.apiKey;
      const sentBard = request.bardAPI?.apiKey;
      const wantsSaved = (key: string | undefined) => key === undefined || isMaskedKey(key);
      if (!wantsSaved(sentChat) && !wantsSaved(sentBard)) return comparison.compare(request, who, watcher, startsConversation);
      const saved = await subscriptions.keysFor(who.visitorId);
      return comparison.compare(
        {
          ...request,
          chatGPT: { ...request.chatGPT, apiKey: pickKey(sentChat, savedKeyFor('chatgpt', saved)) },
          bardAPI: { ...request.bardAPI, apiKey: pickKey(sentBard, savedKeyFor('palm', saved)) },
        },
        who,
        watcher,
        startsConversation,
      );
    },
  };
}

/** The subscriber's saved key for a service (any service a subscription holds one for), or undefined. */
export function savedKeyFor(service: string, keys: Pick<SubscriptionKeys, 'byService'> | null | undefined): string | undefined {
  return keys && Object.hasOwn(keys.byService, service) ? keys.byService[service] : undefined;
}

/**
 * A general pair's sides run on the subscriber's saved key for their service by the same rule as
 * the spec's body: no key sent, or the masked hint. A typed key is used as typed; a side whose
 * service holds no saved key keeps what it sent, minus a mask.
 */
export async function pairWithSavedKeys(request: TPairRequest, visitorId: string, subscriptions: Pick<SubscriptionService, 'keysFor'>): Promise<TPairRequest> {
  const usesSaved = (side: TPairSide) => side.apiKey === undefined || isMaskedKey(side.apiKey);
  if (!usesSaved(request.sides.a) && !usesSaved(request.sides.b)) return request;
  const saved = await subscriptions.keysFor(visitorId);
  const withKey = (side: TPairSide): TPairSide => {
    return { ...side, apiKey: pickKey(side.apiKey, savedKeyFor(side.service, saved)) };
  };
  return { ...request, sides: { a: withKey(request.sides.a), b: withKey(request.sides.b) } };
}
