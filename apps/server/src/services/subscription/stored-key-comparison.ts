import { isMaskedKey, maskApiKey } from '@promptpair/contract';
import type { ComparisonService } from '../comparison.ts';
import type { SubscriptionService } from './subscription-service.ts';

/** Which key a side should run with, given what the page sent and what the subscriber saved. */
function pickKey(sent: string | undefined, saved: string | undefined): string | undefined {
  if (saved !== undefined && (sent === undefined || sent === maskApiKey(saved))) return saved;
  // A masked value that is not this visitor's: never send the mask itself upstream.
  return isMaskedKey(sent) ? undefined : sent;
}

/**
 * Subscribers' comparisons run on their saved keys when the page sends no key, or the masked
 * hint GET /api/get-api-key gave it; so they are not held to the free prompts (docs/decisions.md).
 */
export function withStoredKeys(comparison: ComparisonService, subscriptions: SubscriptionService): ComparisonService {
  return {
    // A general pair runs on the keys it sends (saved keys apply to the spec's body only, for now).
    comparePair: (pair, info, who, watcher) => comparison.comparePair(pair, info, who, watcher),
    async compare(request, who, watcher) {
      const sentChat = request.chatGPT?.apiKey;
      const sentBard = request.bardAPI?.apiKey;
      const wantsSaved = (key: string | undefined) => key === undefined || isMaskedKey(key);
      if (!wantsSaved(sentChat) && !wantsSaved(sentBard)) return comparison.compare(request, who, watcher);
      const saved = await subscriptions.keysFor(who.visitorId);
      return comparison.compare(
        {
          ...request,
          chatGPT: { ...request.chatGPT, apiKey: pickKey(sentChat, saved?.chatGPT) },
          bardAPI: { ...request.bardAPI, apiKey: pickKey(sentBard, saved?.bard) },
        },
        who,
        watcher,
      );
    },
  };
}
