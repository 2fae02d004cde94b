// A follow-up turn at the API's edge (docs/decisions.md, "Conversations"): each side's history,
// read back from the log with the turns' choices replayed, mapped into its kind's format by the same
// mapping as opening messages (pair-edge.ts's kindMessages), checked against the length limit, and
// checked against the model's context window, and planned as a pair like the first turn (visitor key → saved key → operator key, a free prompt held
// to the offered models).
import { CONVERSATION_MESSAGES, type TPairSideInfo, type Side } from '@promptpair/contract';
import type { PlannedPair, PlannedSide } from '../../services/comparison.ts';
import { ApiError } from '../../lib/api-error.ts';
import { historyChars, historyTokens, type ConversationLimits, type ConversationSoFar, type SideHistory } from '../../services/conversations.ts';
import type { OfferedModels } from '../../services/offered-models.ts';
import type { ServiceRegistry } from '../../services/service-registry.ts';
import { kindMessages, plannedSide, refuse, serviceOf } from './pair-edge.ts';

interface FollowUpDeps {
  registry: ServiceRegistry;
  offeredModels: OfferedModels;
  limits: ConversationLimits;
}

/** A side's history past its model's context window: the blind route words it by the side's hidden label. */
export class PastContextWindow extends ApiError {
  constructor(readonly side: Side, readonly tokens: number, model: string, windowTokens: number) {
    const message = CONVERSATION_MESSAGES.pastContext(side, model, windowTokens, tokens);
    super('validation_failed', message, { prompt: [message] });
  }
}

/** Which sides this turn asks: both, or the one a visitor asked alone or regenerates. */
function asks(soFar: ConversationSoFar, name: Side): boolean {
  const kind = soFar.choice?.kind;
  return (kind !== 'only' && kind !== 'regenerate') || soFar.choice?.side === name;
}

async function planFollowUpSide(name: Side, history: SideHistory, soFar: ConversationSoFar, prompt: string, apiKey: string | undefined, deps: FollowUpDeps): Promise<{ planned: PlannedSide; info: TPairSideInfo }> {
  const service = serviceOf(name, history.service, deps.registry);
  const opening = Array.isArray(history.settings.messages) ? (history.settings.messages as unknown[]) : [];
  const exchanges = kindMessages(service, history.exchanges).messages as unknown[] | undefined;
  const messages = [...opening, ...(exchanges ?? [])];
  // The spec's body records no model when it sent the default: today's default, as its first turn had.
  const model = typeof history.settings.model === 'string' ? history.settings.model : (history.model ?? (await deps.offeredModels.defaultModel(service.id)) ?? service.defaultModel);
  const settings: Record<string, unknown> = { ...history.settings, model, ...(messages.length > 0 ? { messages } : {}) };
  const asked = asks(soFar, name);
  if (asked && historyChars(history.settings, history.exchanges, prompt) > deps.limits.maxHistoryChars) {
    throw refuse(CONVERSATION_MESSAGES.tooLong(name, deps.limits.maxHistoryChars), 'prompt');
  }
  const windowTokens = service.contextTokens(model);
  const tokens = historyTokens(history.settings, history.exchanges, prompt);
  if (asked && windowTokens !== undefined && tokens > windowTokens) throw new PastContextWindow(name, tokens, model, windowTokens);
  return plannedSide(name, service, { model, settings, apiKey, logOutput: history.logOutput, asked }, deps.offeredModels);
}

/**
 * The follow-up → the internal pair. `prompt` is the visitor's next message (none when
 * regenerating: the turn's own is asked again). `keys` are the sides' keys for this turn (sent
 * again, or the subscriber's saved ones): a conversation never stores a key. The log's settings
 * columns keep the conversation's first settings; its history is the earlier turns' rows.
 */
export async function planFollowUp(
  prompt: string | undefined, soFar: ConversationSoFar, keys: { a?: string | undefined; b?: string | undefined }, deps: FollowUpDeps,
): Promise<{ pair: PlannedPair; info: { a: TPairSideInfo; b: TPairSideInfo } }> {
  const asked = soFar.prompt ?? prompt ?? '';
  const a = await planFollowUpSide('a', soFar.a, soFar, asked, keys.a, deps);
  const b = await planFollowUpSide('b', soFar.b, soFar, asked, keys.b, deps);
  return {
    pair: {
      prompt: asked,
      a: a.planned,
      b: b.planned,
      sentSettings: { a: soFar.a.settings, b: soFar.b.settings },
      recordSides: true,
      conversation: { conversationId: soFar.id, turn: soFar.turn, step: soFar.step, ...(soFar.choice ? { choice: soFar.choice } : {}) },
    },
    info: { a: a.info, b: b.info },
  };
}
