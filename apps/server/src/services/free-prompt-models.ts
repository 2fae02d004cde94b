// Which model each side of a comparison is sent, and the rule that operator-paid calls go only to
// offered models (docs/decisions.md, "Free prompts go only to offered models").
import { MODEL_TEXTS, SERVICE_NAMES, type TBardSettings, type TChatGptSettings, type TServiceModels } from '@promptpair/contract';
import { ApiError } from '../lib/api-error.ts';
import type { CatalogService, ModelCatalog } from '../upstreams/model-catalog.ts';
import type { SidePlan } from './upstream-routes.ts';

const FIELD = { chatGPT: 'chatGPT.model', bard: 'bardAPI.model' } as const;
const NAME = { chatGPT: SERVICE_NAMES.chatGPT, bard: SERVICE_NAMES.palmAPI } as const;

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
  plans: Record<CatalogService, SidePlan<unknown> | null>,
  settings: { chatGPT?: TChatGptSettings | undefined; bard?: TBardSettings | undefined },
): Promise<Record<CatalogService, { model?: string }>> {
  const problems: Record<string, string[]> = {};
  const sent: Record<CatalogService, { model?: string }> = { chatGPT: {}, bard: {} };
  for (const service of ['chatGPT', 'bard'] as const) {
    const plan = plans[service];
    const asked = settings[service]?.model;
    if (!plan) continue;
    if (asked !== undefined && !plan.paidByOperator) continue;
    const offer = await models.offer(service);
    const model = asked ?? defaultOf(offer);
    if (model !== undefined && asked === undefined) sent[service] = { model };
    if (!plan.paidByOperator) continue;
    const offered = offer.models.map((choice) => choice.id);
    if (model === undefined || !offered.includes(offerId(model))) {
      problems[FIELD[service]] = [MODEL_TEXTS.notOffered(NAME[service], model ?? '', offered)];
    }
  }
  const messages = Object.values(problems).flat();
  if (messages.length > 0) throw new ApiError('model_not_offered', messages.join(' '), problems);
  return sent;
}
