import { API_ROUTES, type TModelOffers, type TServiceModels } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';
import { expectShape } from '../../../lib/answer-guards.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isServiceModels = (value: unknown): value is TServiceModels =>
  isObject(value) &&
  (value.defaultModel === null || typeof value.defaultModel === 'string') &&
  Array.isArray(value.models) &&
  value.models.every((choice) => isObject(choice) && typeof choice.id === 'string' && typeof choice.reasons === 'boolean');
const isModelOffers = (value: unknown): value is TModelOffers => isObject(value) && isServiceModels(value.chatGPT) && isServiceModels(value.palmAPI);

/** GET /api/models: both pickers' models (with retirement days) and each side's default (docs/keeping-models-current.md). */
export const getModelOffers = (): Promise<TModelOffers> => http.get(API_ROUTES.models, { parse: expectShape(isModelOffers, 'model list') });
