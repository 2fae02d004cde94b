import { API_ROUTES, type TServiceInfo, type TServiceList } from '@promptpair/contract';
import { expectShape } from '../../../lib/answer-guards.ts';
import { http } from '../../../lib/http.ts';
import { SERVICE_KIND_NAMES } from '../logic/settings-model.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isDescriptor = (value: unknown) =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.label === 'string' &&
  (value.control === 'slider' ? isObject(value.range) && ['min', 'max', 'step', 'default'].every((key) => typeof (value.range as Record<string, unknown>)[key] === 'number') : value.control === 'text' || value.control === 'text-list');
const isService = (value: unknown): value is TServiceInfo =>
  isObject(value) &&
  typeof value.id === 'string' &&
  typeof value.name === 'string' &&
  (SERVICE_KIND_NAMES as readonly unknown[]).includes(value.kind) &&
  Array.isArray(value.models) &&
  value.models.every((model) => typeof model === 'string') &&
  typeof value.defaultModel === 'string' &&
  Array.isArray(value.settings) &&
  value.settings.every(isDescriptor);
const isServiceList = (value: unknown): value is TServiceList => isObject(value) && Array.isArray(value.services) && value.services.every(isService);

/** GET /api/services: what either side may use, each service with its kind, models, default and declared settings. */
export const getServices = (): Promise<TServiceList> => http.get(API_ROUTES.services, { parse: expectShape(isServiceList, 'service list') });
