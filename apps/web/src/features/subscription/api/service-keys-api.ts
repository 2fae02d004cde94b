// The keys per service, apart from the spec's key calls (subscription-api.ts): their answers are
// checked with zod schemas, and the page's first bundle reads the saved keys without zod.
import { API_ROUTES, serviceKeyPath, ZSavedServiceKeys, ZServiceList, type TSavedServiceKeys, type TServiceList } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** GET /api/services: every service a side can use, to offer a key field for each. */
export const getServices = (): Promise<TServiceList> => http.get(API_ROUTES.services, { parse: (data) => ZServiceList.parse(data) });

/** GET /api/service-keys: the subscriber's saved key per service, masked only. */
export const getServiceKeys = (): Promise<TSavedServiceKeys> => http.get(API_ROUTES.serviceKeys, { parse: (data) => ZSavedServiceKeys.parse(data) });

/** PUT /api/service-keys/:service: saves or replaces one service's key; the answer lists the keys, masked. */
export const saveServiceKey = (service: string, key: string): Promise<TSavedServiceKeys> =>
  http.put(serviceKeyPath(service), { key }, { parse: (data) => ZSavedServiceKeys.parse(data) });

/** DELETE /api/service-keys/:service: removes one service's key. */
export const removeServiceKey = (service: string): Promise<TSavedServiceKeys> => http.delete(serviceKeyPath(service), { parse: (data) => ZSavedServiceKeys.parse(data) });
