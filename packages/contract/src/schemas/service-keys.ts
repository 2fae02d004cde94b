// A subscription's key per service (docs/decisions.md, "Saved keys per service"): besides the spec's
// two, a subscriber may save a key for any offered service, so a side on it runs on their own key.
import { z } from 'zod';
import { SPEC_PAIR } from '../sides.ts';
import { requiredKey } from './subscription.ts';

/** PUT /api/service-keys/:service: the key to save for that service (it replaces the one saved). */
export const ZServiceKeyRequest = z.object({ key: requiredKey('key') });
export type TServiceKeyRequest = z.infer<typeof ZServiceKeyRequest>;

/** One saved key, as its owner sees it: the service and the masked hint (`sk-…abcd`), never the key. */
export const ZSavedServiceKey = z.object({ service: z.string(), name: z.string(), hint: z.string() });
export type TSavedServiceKey = z.infer<typeof ZSavedServiceKey>;

/** GET /api/service-keys, and the answer of a save or a removal: every saved key, masked, in the services' order. */
export const ZSavedServiceKeys = z.object({ keys: z.array(ZSavedServiceKey) });
export type TSavedServiceKeys = z.infer<typeof ZSavedServiceKeys>;

/** The services whose keys are the subscription's own two (the spec's form): replaced, never removed. */
export const SPEC_KEY_SERVICES: readonly string[] = [SPEC_PAIR.a.service, SPEC_PAIR.b.service];

export const serviceKeyPath = (service: string) => `/api/service-keys/${encodeURIComponent(service)}`;

/** The texts of the per-service keys, on the server's answers and on the subscription dialog. */
export const SERVICE_KEY_TEXTS = {
  heading: 'API keys per service',
  intro: 'Save a key for each service you want on either side of a prompt-list run. Only its last characters are shown.',
  label: (name: string) => `Key for ${name}`,
  save: 'Save key',
  remove: 'Remove',
  noneSaved: 'No key saved.',
  savedHint: (hint: string) => `Saved: ${hint}`,
  saved: (name: string) => `Your ${name} API key has been saved.`,
  removed: (name: string) => `Your ${name} API key has been removed.`,
  keyRequired: 'Enter a key first.',
  /** 403 `subscription_required`: keys per service belong to a subscription. */
  subscriptionRequired: 'Subscribe first: keys per service are saved on a subscription.',
  /** 404 `not_found` for a service the server does not offer. */
  unknownService: (service: string, known: readonly string[]) => `There is no service "${service}" here. Services: ${known.join(', ')}.`,
  /** 503 `key_check_unavailable`: the service could not be asked, so the key was not saved. */
  checkUnavailable: (name: string) => `${name} could not be reached to check your API key, so it was not saved. Please try again in a minute.`,
  /** 422: the spec's two keys are the subscription's own; they can be replaced, not removed. */
  specKeyKept: (name: string) => `The ${name} key is one of the subscription's two keys: replace it, it cannot be removed.`,
} as const;
