// A follow-up turn at the API's edge (docs/decisions.md, "Conversations"): each side's history,
// read back from the log, mapped into its kind's format by the same mapping as opening messages
// (pair-edge.ts's kindMessages), checked against the length limit, and planned as a pair like the
// first turn (visitor key → saved key → operator key, a free prompt held to the offered models).
import { CONVERSATION_MESSAGES, PAIR_MESSAGES, type TFollowUpRequest, type TPairSideInfo, type TPairSideName } from '@promptpair/contract';
import { ApiError } from '../../lib/api-error.ts';
import type { PlannedPair, PlannedSide } from '../../services/comparison.ts';
import { historyChars, type ConversationLimits, type ConversationSoFar, type SideHistory } from '../../services/conversations.ts';
import type { OfferedModels } from '../../services/offered-models.ts';
import type { ServiceRegistry } from '../../services/service-registry.ts';
import { planSide } from '../../services/upstream-routes.ts';
import { kindMessages } from './pair-edge.ts';

const refuse = (message: string, field: string) => new ApiError('validation_failed', message, { [field]: [message] });

async function planFollowUpSide(
  name: TPairSideName, history: SideHistory, request: TFollowUpRequest, apiKey: string | undefined, deps: { registry: ServiceRegistry; offeredModels: OfferedModels; limits: ConversationLimits },
): Promise<{ planned: PlannedSide; info: TPairSideInfo }> {
  const service = deps.registry.get(history.service);
  if (!service) throw refuse(PAIR_MESSAGES.unknownService(name, history.service, deps.registry.list().map((known) => known.id)), `sides.${name}.service`);
  const opening = Array.isArray(history.settings.messages) ? (history.settings.messages as unknown[]) : [];
  const exchanges = kindMessages(service, history.exchanges).messages as unknown[] | undefined;
  const messages = [...opening, ...(exchanges ?? [])];
  const settings: Record<string, unknown> = { ...history.settings, ...(messages.length > 0 ? { messages } : {}) };
  const model = typeof settings.model === 'string' ? settings.model : (history.model ?? service.defaultModel);
  const asked = request.only === undefined || request.only === name;
  if (asked && historyChars(history.settings, history.exchanges, request.prompt ?? '') > deps.limits.maxHistoryChars) {
    throw refuse(CONVERSATION_MESSAGES.tooLong(name, deps.limits.maxHistoryChars), 'prompt');
  }
  const plan = asked ? planSide(service.route, apiKey) : null;
  if (plan?.paidByOperator && !(await deps.offeredModels(service.id)).includes(model)) {
    throw refuse(PAIR_MESSAGES.modelNotOffered(name, service.name, model), `sides.${name}.model`);
  }
  return {
    planned: {
      wire: name,
      name: service.name,
      service: service.id,
      plan,
      settings,
      logOutput: history.logOutput,
      log: { service: service.id, kind: service.kind, model },
      ...(asked ? {} : { skipped: true as const }),
    },
    info: { service: service.id, kind: service.kind, name: service.name, model },
  };
}

/**
 * The follow-up → the internal pair. `keys` are the sides' keys for this turn (sent again, or the
 * subscriber's saved ones): a conversation never stores a key. The log's settings columns keep
 * the conversation's first settings; its history is the earlier turns' rows.
 */
export async function planFollowUp(
  request: TFollowUpRequest, soFar: ConversationSoFar, keys: { a?: string | undefined; b?: string | undefined }, deps: { registry: ServiceRegistry; offeredModels: OfferedModels; limits: ConversationLimits },
): Promise<{ pair: PlannedPair; info: { a: TPairSideInfo; b: TPairSideInfo } }> {
  const a = await planFollowUpSide('a', soFar.a, request, keys.a, deps);
  const b = await planFollowUpSide('b', soFar.b, request, keys.b, deps);
  return {
    pair: {
      prompt: request.prompt ?? soFar.lastPrompt,
      a: a.planned,
      b: b.planned,
      sentSettings: { chatGPT: soFar.a.settings, palmAPI: soFar.b.settings },
      recordSides: true,
      conversation: { conversationId: soFar.id, turn: soFar.nextTurn },
    },
    info: { a: a.info, b: b.info },
  };
}
