import { type Side, type TFollowUpRequest, type TServiceResult, type TTurnChoice } from '@promptpair/contract';
import { sideTotal, type SideTotal } from '../../../lib/conversation-totals.ts';
import { isPairRequest } from './build-request.ts';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings } from './settings-model.ts';
import { currentForm, PAGE_SIDES } from './side-settings.ts';
import { comparisonReducer, initialComparisonState, isInFlight, sideView, type ComparisonAction, type Run } from './stream-state.ts';

/*
 * A conversation on the page (docs/decisions.md, "Conversations"): its turns, each a comparison of
 * its own, the choice each follow-up was sent with, what may be chosen next, each side's running
 * totals and the follow-up's body. Pure, so its rules are tested without a page.
 */

export interface Turn {
  /** The turn's number: the server's once it started, until then the one expected. */
  number: number;
  /** The user message of the turn; a regenerated turn's is the one asked again. */
  prompt: string;
  /** What the turn was sent with; null when it went to both sides as they were. */
  choice: TTurnChoice | null;
  run: Run;
}

export interface ConversationState {
  id: string;
  /** Every turn in order: the first (sent from the main prompt), then each follow-up; the last may be running. */
  turns: Turn[];
  /** The server's words for the follow-up it refused last, shown by the reply box; null when none. */
  refusal: string | null;
}

export type ConversationAction =
  /** A follow-up was sent: `prompt` is absent when regenerating (the last turn's is asked again). */
  | { type: 'sent'; at: number; prompt?: string; choice: TTurnChoice | null }
  /** An event of the running follow-up, as the comparison's reducer takes it. */
  | { type: 'run'; action: Exclude<ComparisonAction, { type: 'sent' | 'refused' }> }
  /** The server refused the follow-up before it started (422, 404, 429): nothing happened. */
  | { type: 'refused'; message: string };

/** The conversation a finished first comparison began; null when it began none (blind, spec-body, unsaved, failed). */
export function beginConversation(first: Run): ConversationState | null {
  if (!first.conversation || first.unsaved || first.request === undefined || !(first.status === 'complete' || first.status === 'stopped')) return null;
  return { id: first.conversation.id, turns: [{ number: first.conversation.turn, prompt: first.request.prompt, choice: null, run: first }], refusal: null };
}

const lastTurn = (state: ConversationState): Turn => state.turns[state.turns.length - 1] as Turn;

export const isTurnRunning = (state: ConversationState): boolean => isInFlight(lastTurn(state).run);

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  const last = lastTurn(state);
  switch (action.type) {
    case 'sent': {
      if (isInFlight(last.run)) return state;
      const regenerate = action.choice?.kind === 'regenerate';
      const run = comparisonReducer(initialComparisonState, { type: 'sent', at: action.at, ...(last.run.titles ? { titles: last.run.titles } : {}) }).run as Run;
      const turn: Turn = { number: regenerate ? last.number : last.number + 1, prompt: action.prompt ?? last.prompt, choice: action.choice, run };
      return { ...state, turns: [...state.turns, turn], refusal: null };
    }
    case 'run': {
      // The first turn is the main comparison's: only a follow-up's events reach here.
      if (state.turns.length < 2) return state;
      const run = comparisonReducer({ run: last.run, previous: null }, action.action).run as Run;
      if (run === last.run) return state;
      return { ...state, turns: [...state.turns.slice(0, -1), { ...last, number: run.conversation?.turn ?? last.number, run }] };
    }
    case 'refused':
      if (state.turns.length < 2 || last.run.status !== 'waiting') return state;
      return { ...state, turns: state.turns.slice(0, -1), refusal: action.message };
  }
}

/** A side's final result in a turn, or null while it runs or when the side was not asked. */
function answerOf(turn: Turn, side: Side): TServiceResult | null {
  const view = sideView(turn.run, side);
  return view.kind === 'final' && view.result.skipped !== true ? view.result : null;
}

/** An answer a history keeps: neither failed, nor stopped, nor missing (docs/decisions.md, "Conversations"). */
const isWhole = (result: TServiceResult | null): boolean => result !== null && result.errorMsg === null && result.stopped !== true && result.message !== null;

/**
 * What a side may be chosen for next, as the server takes it: its answer can be carried to both, or
 * asked again, only when it answered the last turn whole (a regenerated try that failed leaves the
 * earlier answer); it can always go on alone. Nothing while a turn runs.
 */
export function choicesFor(state: ConversationState, side: Side): Record<TTurnChoice['kind'], boolean> {
  const running = isTurnRunning(state);
  const lastNumber = lastTurn(state).number;
  const answered = state.turns.some((turn) => turn.number === lastNumber && isWhole(answerOf(turn, side)));
  return { carry: !running && answered, only: !running, regenerate: !running && answered };
}

/** Each side's running totals over every turn, regenerated answers included (they were paid for too). */
export function conversationTotals(state: ConversationState): Record<Side, SideTotal> {
  const total = (side: Side): SideTotal => {
    const answers = state.turns.map((turn) => answerOf(turn, side)).filter((result): result is TServiceResult => result !== null && result.errorMsg === null);
    return sideTotal(answers);
  };
  return { a: total('a'), b: total('b') };
}

/** The body of a follow-up turn (schemas/conversation.ts): the next message, its choice, each side's own key. */
export function followUpBody(id: string, prompt: string, choice: TTurnChoice | null, apiKeys: Partial<Record<Side, string>>): TFollowUpRequest {
  return {
    conversationId: id,
    // Regenerating asks the last message again: no prompt goes with it.
    ...(choice?.kind === 'regenerate' ? {} : { prompt }),
    ...(choice ? { [choice.kind]: choice.side } : {}),
    ...(Object.keys(apiKeys).length > 0 ? { apiKeys } : {}),
  };
}

/**
 * The keys a follow-up sends again (the server keeps none): each side's key as its form holds it
 * now, only while that side still stands on the service the conversation runs on, so a key never
 * goes to another service.
 */
export function followUpKeys(first: Run, settings: ComparisonSettings): Partial<Record<Side, string>> {
  const keys: Partial<Record<Side, string>> = {};
  const request = first.request;
  if (!request) return keys;
  for (const side of PAGE_SIDES) {
    const ranOn = isPairRequest(request) ? request.sides[side].service : DEFAULT_SIDE_SERVICES[side].service;
    const key = currentForm(settings, side).apiKey.trim();
    if (key !== '' && settings.sides[side].service === ranOn) keys[side] = key;
  }
  return keys;
}
