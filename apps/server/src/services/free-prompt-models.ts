// Which model each side of a comparison is sent, and the rule that operator-paid calls go only to
// offered models (docs/decisions.md, "Free prompts go only to offered models").
import { MODEL_TEXTS, type Side, type TServiceModels } from '@promptpair/contract';
import { ApiError } from '../lib/api-error.ts';
import type { CatalogService, ModelCatalog } from '../upstreams/model-catalog.ts';
import type { SidePlan } from './upstream-routes.ts';

/** A side of the spec's pair: its catalog service, and how a refusal names it (the body's field, the service's name). */
export interface CatalogSide {
  service: CatalogService;
  /** The field a 422 names, as the request body spells it. */
  field: string;
  name: string;
}

/** A model as the offer names it: Gemini's list names carry `models/`, the offer's ids do not. */
const offerId = (model: string) => model.trim().replace(/^models\//, '');

const defaultOf = (offer: TServiceModels) => offer.defaultModel ?? undefined;

/**
 * The model a side that names none is sent today (upstreams/model-offer.ts, offerModels: the
 * operator's DEFAULT_MODEL_… while listed, else the first preferred model listed, else the newest).
 * Comparisons and prompt-list runs both ask here, so a side's default is one fact.
 */
export async function todaysDefault(models: Pick<ModelCatalog, 'offer'>, service: CatalogService): Promise<string | undefined> {
  return defaultOf(await models.offer(service));
}

/**
 * The model each side is sent: the one asked for, else the service's default today (never a
 * constant that can die). A side paid by the operator must name an offered model; otherwise the
 * whole comparison is refused with 422 naming the offered models, before any free prompt is
 * claimed or any service called. A visitor's own key may use any model it can reach.
 */
export async function resolveModels(
  models: Pick<ModelCatalog, 'offer'>,
  sides: Readonly<Record<Side, CatalogSide>>,
  plans: Record<Side, SidePlan<unknown> | null>,
  asked: { a: string | undefined; b: string | undefined },
): Promise<Record<Side, { model?: string }>> {
  const problems: Record<string, string[]> = {};
  const sent: Record<Side, { model?: string }> = { a: {}, b: {} };
  for (const side of ['a', 'b'] as const) {
    const plan = plans[side];
    const model = asked[side];
    if (!plan) continue;
    if (model !== undefined && !plan.paidByOperator) continue;
    const offer = await models.offer(sides[side].service);
    const sending = model ?? defaultOf(offer);
    if (sending !== undefined && model === undefined) sent[side] = { model: sending };
    if (!plan.paidByOperator) continue;
    const offered = offer.models.map((choice) => choice.id);
    if (sending === undefined || !offered.includes(offerId(sending))) {
      problems[sides[side].field] = [MODEL_TEXTS.notOffered(sides[side].name, sending ?? '', offered)];
    }
  }
  const messages = Object.values(problems).flat();
  if (messages.length > 0) throw new ApiError('model_not_offered', messages.join(' '), problems);
  return sent;
}
