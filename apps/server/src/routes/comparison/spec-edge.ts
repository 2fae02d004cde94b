// The spec's body at the API's edge (docs/product.md §7): `chatGPT` is side a on ChatGPT, `bardAPI`
// side b on Palm API. It is planned here into the comparison's one internal shape (PlannedPair), and
// its answer is written back under the spec's names; past this file a side is a or b and a service
// its id.
import { bySides, SPEC_LOG_SIDES, SPEC_PAIR, type Side, type StreamSide, type TComparisonRequest } from '@promptpair/contract';
import { conversationJson, type ComparisonCore, type ComparisonOutcome, type ComparisonWatcher, type PlannedPair, type PlannedSide } from '../../services/comparison.ts';
import { resolveModels, type CatalogSide } from '../../services/free-prompt-models.ts';
import type { ModelLists } from '../../services/services.ts';
import { planSide, type SidePlan, type UpstreamRoutes } from '../../services/upstream-routes.ts';

export interface SpecEdgeDeps {
  /** The spec's pair's routes (chatgpt, palm). */
  routes: UpstreamRoutes;
  /** Each service's offer: the default a side gets when it names no model, and what free prompts may use. */
  models: Pick<ModelLists, 'offer'>;
}

type SpecSettings = TComparisonRequest['chatGPT'] | TComparisonRequest['bardAPI'];

/** Each side of the spec's pair: its service, the field a refused model's 422 names, the name texts use, and its name in the stream's events. */
const SPEC_SIDES: Readonly<Record<Side, CatalogSide & { wire: StreamSide }>> = bySides((side) => {
  const { service, requestKey, name, resultKey } = SPEC_PAIR[side];
  return { service, field: `${requestKey}.model`, name, wire: resultKey };
});

/** Strips what the adapters must not see: the key travels in the plan, logOutput is ours. */
function adapterSettings(settings: SpecSettings): Record<string, unknown> {
  const { apiKey: _key, logOutput: _log, ...rest } = settings ?? {};
  return rest;
}

/** One side planned: sent as the visitor set it, with today's default model when it named none. */
function specSide(side: Side, plan: SidePlan<unknown> | null, given: SpecSettings, settings: Record<string, unknown>, model: string | undefined): PlannedSide {
  const spec = SPEC_SIDES[side];
  return {
    wire: spec.wire,
    name: spec.name,
    service: spec.service,
    plan,
    settings: model === undefined ? settings : { ...settings, model },
    logOutput: given?.logOutput ?? false,
    log: SPEC_LOG_SIDES[side],
  };
}

/**
 * The spec's body compared and answered as `{"chatGPT":…,"palmAPI":…,"logId":…}`: each side's JSON
 * text, written once as it finished, goes into the answer as it is. On the comparison page
 * (`startsConversation`) it starts a conversation, which its answer names beside the spec's fields.
 */
export async function compareSpecBody(
  core: ComparisonCore,
  { routes, models }: SpecEdgeDeps,
  request: TComparisonRequest,
  who: { visitorId: string; ip: string },
  watcher?: ComparisonWatcher,
  startsConversation = false,
): Promise<ComparisonOutcome> {
  const plans = { a: planSide<unknown>(routes.chatgpt, request.chatGPT?.apiKey), b: planSide<unknown>(routes.palm, request.bardAPI?.apiKey) };
  // Before anything is claimed or called: a free prompt goes only to an offered model (422 otherwise).
  const sent = await resolveModels(models, SPEC_SIDES, plans, { a: request.chatGPT?.model, b: request.bardAPI?.model });
  const aSettings = adapterSettings(request.chatGPT);
  const bSettings = adapterSettings(request.bardAPI);
  const pair: PlannedPair = {
    prompt: request.prompt,
    a: specSide('a', plans.a, request.chatGPT, aSettings, sent.a.model),
    b: specSide('b', plans.b, request.bardAPI, bSettings, sent.b.model),
    // The log keeps what the visitor sent, without the default model added above.
    sentSettings: { a: request.chatGPT ? aSettings : null, b: request.bardAPI ? bSettings : null },
    recordSides: false,
    ...(startsConversation ? { conversation: 'start' as const } : {}),
  };
  const { a: chatGPT, b: palmAPI, aJson, bJson, logId, conversation } = await core.run(pair, who, watcher, watcher && ((id, turn) => watcher.onStart(id, turn)));
  const sides = `{"chatGPT":${aJson},"palmAPI":${bJson}`;
  if (logId === null) return { chatGPT, palmAPI, logId: null, unsaved: true, json: `${sides},"logId":null,"unsaved":true}` };
  return { chatGPT, palmAPI, logId, ...conversation, json: `${sides},"logId":${JSON.stringify(logId)}${conversationJson(conversation)}}` };
}
