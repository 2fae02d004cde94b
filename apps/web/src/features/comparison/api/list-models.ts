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

/** The models offered for the spec's two kinds, with retirement days and each one's default. */
export type KindModelOffers = Record<SpecKind, TServiceModels>;
type SpecKind = 'openai' | 'google';

/**
 * GET /api/models (docs/keeping-models-current.md), by kind: the answer keeps the OpenAI models
 * under the spec's `chatGPT` and the Google ones under `palmAPI`.
 */
export async function getModelOffers(): Promise<KindModelOffers> {
  const offers = await http.get(API_ROUTES.models, { parse: expectShape(isModelOffers, 'model list') });
  return { openai: offers.chatGPT, google: offers.palmAPI };
}
