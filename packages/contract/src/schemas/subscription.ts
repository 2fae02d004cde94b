import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { describeUpstreamError, SERVICE_NAMES, type ServiceKey, type UpstreamErrorCode } from '../messages.ts';
import { SUBSCRIPTION_MESSAGES } from '../subscription-messages.ts';
import { RATE_LIMIT_MESSAGES } from '../operations.ts';
import { isEmail } from './fields.ts';

/** The modal's own checks, in the order docs/product.md §5 gives them; null when the form may be sent. */
export function subscriptionFormError(form: {
  acceptedTerms: boolean;
  chatgptKey: string;
  palmapiKey: string;
  email: string;
}): string | null {
  if (!form.acceptedTerms) return SUBSCRIPTION_MESSAGES.termsRequired;
  if (form.chatgptKey.trim() === '' || form.palmapiKey.trim() === '') return SUBSCRIPTION_MESSAGES.keysRequired;
  if (form.email.trim() === '') return SUBSCRIPTION_MESSAGES.emailRequired;
  return null;
}

/** A key field: required, at most INPUT_LIMITS.apiKeyMaxChars, header-safe characters only. */
export const requiredKey = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(INPUT_LIMITS.apiKeyMaxChars, { error: `The ${label} field must not be greater than ${INPUT_LIMITS.apiKeyMaxChars} characters.` })
    // A key travels in a request header: letters, digits and punctuation only (a mask's '…' is none).
    .regex(/^[\x21-\x7e]*$/, { error: `The ${label} field may only hold letters, digits and punctuation, without spaces.` });

/** POST /api/key (docs/product.md §3 subscription submission). 422 messages follow the server wording of docs/product.md §5. */
export const ZSubscriptionRequest = z.object({
  chatgpt_key: requiredKey('chatgpt key'),
  palmapi_key: requiredKey('palmapi key'),
  // Lower-cased before the checks: a subscription's email is stored that way, and lower-casing can
  // lengthen text ('İ' becomes two characters), so the length limit must see the stored form.
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'The email field is required.' })
    .refine(isEmail, { error: SUBSCRIPTION_MESSAGES.serverInvalidEmail }),
});
export type TSubscriptionRequest = z.infer<typeof ZSubscriptionRequest>;

/** GET /api/get-api-key (docs/product.md §3 stored keys response). */
export const ZStoredKeys = z.object({
  chatgptKey: z.string().nullable(),
  palmapiKey: z.string().nullable(),
  email: z.string().nullable(),
});
export type TStoredKeys = z.infer<typeof ZStoredKeys>;

/** Shown on 409 from POST /api/key: the email already holds a subscription linked to other keys. */
export const SUBSCRIPTION_CONFLICT_MESSAGE =
  'This email already holds a subscription linked to other API keys. Enter the keys you subscribed with, or use another email.';

/**
 * POST /api/key answers 200 with the saved subscription, keys masked, and the checkout to send the
 * visitor to when the operator configured one (docs/decisions.md, "Payment").
 */
export const ZSubscriptionSaved = z.object({
  chatgptKey: z.string(),
  palmapiKey: z.string(),
  email: z.string(),
  paymentUrl: z.string().nullable(),
});
export type TSubscriptionSaved = z.infer<typeof ZSubscriptionSaved>;

/** The one character a masked key holds and a real key never does. */
export const MASK_MARK = '…';

/**
 * What a saved key looks like outside the server: `sk-…abcd`. Short keys show less, so a mask
 * never gives away more than a third of the key.
 */
export function maskApiKey(key: string): string {
  if (key.length >= 16) return `${key.slice(0, 3)}${MASK_MARK}${key.slice(-4)}`;
  if (key.length >= 8) return `${MASK_MARK}${key.slice(-2)}`;
  return MASK_MARK;
}

export const isMaskedKey = (value: string | undefined): boolean => value !== undefined && value.includes(MASK_MARK);

/**
 * Before a subscription is saved each key is tried with one cheap call to its service (listing its
 * models). These answers of the service mean it refused the key itself: 422 `key_refused`.
 */
export const KEY_REFUSED_CODES = ['upstream_auth', 'upstream_forbidden', 'upstream_quota'] as const satisfies readonly UpstreamErrorCode[];

/** The 422 `key_refused` message of one key, under its field: the service's refusal in plain words. */
export const keyRefusedMessage = (service: ServiceKey, code: (typeof KEY_REFUSED_CODES)[number]): string => describeUpstreamError(service, code);

/** Retry-After of a 503 `key_check_unavailable`. */
export const KEY_CHECK_RETRY_AFTER_SECONDS = 30;

/** 503 `key_check_unavailable`: a service could not be asked (unreachable, timed out, 5xx, busy), so nothing was saved. */
export function keyCheckUnavailableMessage(services: readonly ServiceKey[]): string {
  const names = services.map((service) => SERVICE_NAMES[service]).join(' and ');
  const keys = services.length > 1 ? 'your API keys' : 'your API key';
  return `${names} could not be reached to check ${keys}, so the subscription was not saved. Please try again in a minute.`;
}

/**
 * What the modal shows for a failed save (docs/product.md §5, §8): the first message of the first field; and,
 * for what the spec did not know, the rate limit's text and the key check's message.
 */
export function subscriptionErrorText(status: number | null, body: unknown): string {
  if (status === null) return SUBSCRIPTION_MESSAGES.noResponse;
  const parsed = z
    .object({ message: z.string().optional(), code: z.string().optional(), errors: z.record(z.string(), z.array(z.string())).optional() })
    .safeParse(body);
  const data = parsed.success ? parsed.data : {};
  if (status === 422) {
    const first = Object.values(data.errors ?? {})[0]?.[0];
    if (first === SUBSCRIPTION_MESSAGES.serverInvalidEmail) return SUBSCRIPTION_MESSAGES.shownInvalidEmail;
    if (first) return first;
  }
  if (status === 409 && data.message) return data.message;
  // Not in the spec's table: a key check that could not be made says which service and what to do.
  if (status === 503 && data.code === 'key_check_unavailable' && data.message) return data.message;
  if (status === 429) return RATE_LIMIT_MESSAGES.key;
  return SUBSCRIPTION_MESSAGES.unexpectedStatus;
}
