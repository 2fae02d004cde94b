import { API_ROUTES, type TStoredKeys, type TSubscriptionSaved } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

export interface SubscriptionSubmission {
  chatgpt_key: string;
  palmapi_key: string;
  email: string;
}

/** POST /api/key (docs/product.md §7). Only `paymentUrl` of the answer is used: where to send the visitor next. */
export const saveSubscription = (body: SubscriptionSubmission): Promise<TSubscriptionSaved> => http.post(API_ROUTES.key, body);

/** GET /api/get-api-key (docs/product.md §7): the saved keys, masked (`sk-…abcd`), and the email; nulls when none. */
export const getStoredKeys = (): Promise<TStoredKeys> => http.get(API_ROUTES.getApiKey);
