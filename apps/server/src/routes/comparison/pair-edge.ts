// The general pair request at the API's edge: each side's service looked up in the registry, its
// settings checked against its kind's schema (and, for a declared service, the settings it accepts),
// its route planned (visitor key → operator key → demo simulator), and a free prompt held to the
// models the service offers. What comes out is the comparison's one internal shape (PlannedPair);
// its answer names the sides a and b and says what each ran on.
import { PAIR_MESSAGES, type TPairMessage, type TPairRequest, type TPairSide, type TPairSideInfo, type Side } from '@promptpair/contract';
import { ApiError } from '../../lib/api-error.ts';
import { conversationJson, type ComparisonCore, type PairOutcome, type PairWatcher, type PlannedPair, type PlannedSide } from '../../services/comparison.ts';
import type { OfferedModels } from '../../services/offered-models.ts';
import type { RegisteredService, ServiceRegistry } from '../../services/service-registry.ts';
import { planSide } from '../../services/upstream-routes.ts';

export const refuse = (message: string, field: string) => new ApiError('validation_failed', message, { [field]: [message] });

/** Opening messages in the kind's own format: Gemini names authors, Anthropic takes the system prompt apart. */
export function kindMessages(service: RegisteredService, messages: readonly TPairMessage[]): Record<string, unknown> {
  if (messages.length === 0) return {};
  switch (service.kind) {
    case 'google':
      return { messages: messages.map(({ role, content }) => ({ author: role, content })) };
    case 'anthropic': {
      const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
      const rest = messages.filter((message) => message.role !== 'system');
      return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), ...(rest.length > 0 ? { messages: rest } : {}) };
    }
    default:
      return { messages };
  }
}

function checkedSettings(name: Side, service: RegisteredService, side: TPairSide, todaysDefault: string): Record<string, unknown> {
  const settings = side.settings ?? {};
  const known = service.settings.map((setting) => setting.name);
  for (const setting of Object.keys(settings)) {
    if (!known.includes(setting)) throw refuse(PAIR_MESSAGES.unknownSetting(name, service.name, setting, known), `sides.${name}.settings.${setting}`);
  }
  const model = side.model ?? todaysDefault;
  const parsed = service.entry.settingsSchema.safeParse({ ...settings, ...kindMessages(service, side.messages ?? []), model });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = PAIR_MESSAGES.badSetting(name, service.name, issue?.message ?? 'the settings are not valid.');
    throw refuse(message, `sides.${name}.settings${issue?.path.length ? `.${issue.path.join('.')}` : ''}`);
  }
  return parsed.data as Record<string, unknown>;
}

/** The side's service, or a 422 naming the services there are. */
export function serviceOf(name: Side, id: string, registry: ServiceRegistry): RegisteredService {
  const service = registry.get(id);
  if (!service) throw refuse(PAIR_MESSAGES.unknownService(name, id, registry.list().map((known) => known.id)), `sides.${name}.service`);
  return service;
}

/**
 * A side planned on its service, the first turn's or a follow-up's: the operator pays only for what
 * the service offers, so a model off the list is refused before any call. A side not asked (a
 * follow-up's other side) has no route and is `skipped`.
 */
export async function plannedSide(
  name: Side,
  service: RegisteredService,
  side: { model: string; settings: Record<string, unknown>; apiKey: string | undefined; logOutput: boolean; asked: boolean },
  offeredModels: OfferedModels,
): Promise<{ planned: PlannedSide; info: TPairSideInfo }> {
  const plan = side.asked ? planSide(service.route, side.apiKey) : null;
  if (plan?.paidByOperator && !(await offeredModels(service.id)).includes(side.model)) {
    throw refuse(PAIR_MESSAGES.modelNotOffered(name, service.name, side.model), `sides.${name}.model`);
  }
  return {
    planned: {
      wire: name,
      name: service.name,
      service: service.id,
      plan,
      settings: side.settings,
      logOutput: side.logOutput,
      log: { service: service.id, kind: service.kind, model: side.model },
      ...(side.asked ? {} : { skipped: true as const }),
    },
    info: { service: service.id, kind: service.kind, name: service.name, model: side.model },
  };
}

async function planPairSide(name: Side, side: TPairSide, registry: ServiceRegistry, offeredModels: OfferedModels): Promise<{ planned: PlannedSide; info: TPairSideInfo }> {
  const service = serviceOf(name, side.service, registry);
  // A side naming no model gets today's default, which the service lists (never a constant that can die).
  const settings = checkedSettings(name, service, side, side.model ?? (await offeredModels.defaultModel(service.id)) ?? service.defaultModel);
  return plannedSide(name, service, { model: settings.model as string, settings, apiKey: side.apiKey, logOutput: side.logOutput ?? false, asked: true }, offeredModels);
}

/** The general body → the internal pair, or a 422 naming the side and what to change. */
export async function planPair(request: TPairRequest, registry: ServiceRegistry, offeredModels: OfferedModels): Promise<{ pair: PlannedPair; info: { a: TPairSideInfo; b: TPairSideInfo } }> {
  const a = await planPairSide('a', request.sides.a, registry, offeredModels);
  const b = await planPairSide('b', request.sides.b, registry, offeredModels);
  return {
    pair: { prompt: request.prompt, a: a.planned, b: b.planned, sentSettings: { a: a.planned.settings, b: b.planned.settings }, recordSides: true },
    info: { a: a.info, b: b.info },
  };
}

/** A planned pair (first turn or follow-up) compared and answered as sides a and b, each side's JSON text as it was written once (ZPairResponse). */
export async function comparePlannedPair(
  core: ComparisonCore, pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, who: { visitorId: string; ip: string }, watcher?: PairWatcher,
): Promise<PairOutcome> {
  const { a, b, aJson, bJson, logId, conversation } = await core.run(pair, who, watcher, watcher && ((id, turn) => watcher.onStart(id, info, turn)));
  const head = `{"a":${aJson},"b":${bJson},"sides":${JSON.stringify(info)}`;
  if (logId === null) return { a, b, sides: info, logId: null, unsaved: true, json: `${head},"logId":null,"unsaved":true}` };
  return { a, b, sides: info, logId, ...conversation, json: `${head},"logId":${JSON.stringify(logId)}${conversationJson(conversation)}}` };
}
