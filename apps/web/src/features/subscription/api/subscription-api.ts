import {
  API_ROUTES,
  serviceKeyPath,
  ZSavedServiceKeys,
  ZServiceList,
  type TSavedServiceKeys,
  type TServiceList,
  type TStoredKeys,
  type TSubscriptionSaved,
} from '@promptpair/contract';
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

/** GET /api/services: every service a side can use, to offer a key field for each. */
export const getServices = (): Promise<TServiceList> => http.get(API_ROUTES.services, { parse: (data) => ZServiceList.parse(data) });

/** GET /api/service-keys: the subscriber's saved key per service, masked only. */
export const getServiceKeys = (): Promise<TSavedServiceKeys> => http.get(API_ROUTES.serviceKeys, { parse: (data) => ZSavedServiceKeys.parse(data) });

/** PUT /api/service-keys/:service: saves or replaces one service's key; the answer lists the keys, masked. */
export const saveServiceKey = (service: string, key: string): Promise<TSavedServiceKeys> =>
  http.put(serviceKeyPath(service), { key }, { parse: (data) => ZSavedServiceKeys.parse(data) });

/** DELETE /api/service-keys/:service: removes one service's key. */
export const removeServiceKey = (service: string): Promise<TSavedServiceKeys> => http.delete(serviceKeyPath(service), { parse: (data) => ZSavedServiceKeys.parse(data) });
