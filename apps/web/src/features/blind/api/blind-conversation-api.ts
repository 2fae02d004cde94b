// A blind conversation's later turns and its end, loaded with the first reply or end: most blind
// comparisons stop at their first turn.
import { API_ROUTES, blindEndPath, BLIND_CONVERSATION_TEXTS, isSide, type TBlindComparisonResponse, type TBlindConversationReveal } from '@promptpair/contract';
import { HttpError, http } from '../../../lib/http.ts';
import { expectShape, isServiceResult } from '../../../lib/answer-guards.ts';
import { toast } from '../../../components/ui/toast.ts';
import { toastTooMany } from '../../../components/ui/comparison-toasts.ts';
import { isBlindComparison } from './blind-api.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isConversationReveal = (value: unknown): value is TBlindConversationReveal =>
  isObject(value) &&
  typeof value.conversationId === 'string' &&
  isSide(value.answerA) &&
  Array.isArray(value.turns) &&
  value.turns.every((turn: unknown) => isObject(turn) && typeof turn.logId === 'string' && isServiceResult(turn.a) && isServiceResult(turn.b));

/** The server's own words for a refusal it explains (a 4xx with a message), else the fallback. */
function toastFailure(error: unknown, fallback: string) {
  if (toastTooMany(error)) return;
  const message = error instanceof HttpError && error.status < 500 ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  if (typeof message !== 'string') console.error(fallback, error);
  toast.error(typeof message === 'string' ? message : fallback, { id: 'blind-conversation' });
}

/** The next turn, to both answers in the order the first turn drew (the server keeps it); null when it failed, said in a toast. */
export async function sendBlindTurn(conversationId: string, prompt: string, apiKeys: { a?: string | undefined; b?: string | undefined }): Promise<TBlindComparisonResponse | null> {
  const keys = { ...(apiKeys.a ? { a: apiKeys.a } : {}), ...(apiKeys.b ? { b: apiKeys.b } : {}) };
  try {
    return await http.post(API_ROUTES.blindComparison, { conversationId, prompt, ...(keys.a || keys.b ? { apiKeys: keys } : {}) }, { parse: expectShape(isBlindComparison, 'blind turn') });
  } catch (error) {
    toastFailure(error, BLIND_CONVERSATION_TEXTS.replyFailed);
    return null;
  }
}

/** Ends the conversation without a vote: every turn, revealed; null when it failed, said in a toast. */
export async function endBlindConversation(conversationId: string): Promise<TBlindConversationReveal | null> {
  try {
    return await http.post(blindEndPath(conversationId), {}, { parse: expectShape(isConversationReveal, 'end') });
  } catch (error) {
    toastFailure(error, BLIND_CONVERSATION_TEXTS.endFailed);
    return null;
  }
}
