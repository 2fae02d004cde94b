import { MESSAGES, SIDES, type Side, type TServiceResult } from '@promptpair/contract';
import type { SentRequest } from './build-request.ts';

/*
 * The state of the comparison on screen, fed by the streamed answer's events (or by a whole JSON
 * answer). Pure, so its rules are tested without a page: what each box shows while text arrives,
 * after Stop, after a broken connection, and what is kept when the server refuses a comparison.
 */

export interface SideState {
  /** The text received so far (the deltas joined). */
  text: string;
  /** The side's final result: from its `done` event, or made on the page when it was stopped or cut off. */
  result: TServiceResult | null;
  /** Milliseconds (the page's clock) when the side's first text arrived. */
  firstTextAt: number | null;
}

export type RunStatus =
  /** Sent; the server has not accepted it yet (no `start`). */
  | 'waiting'
  /** Accepted; text may be arriving. */
  | 'streaming'
  | 'complete'
  /** The visitor stopped it; unfinished sides keep what arrived, marked stopped. */
  | 'stopped'
  /** The server failed or the connection broke after `start`; unfinished sides show why. */
  | 'failed';

export interface Run {
  status: RunStatus;
  /** Known from `start`: Share and the log work with it even after Stop. Null again when `end` says it was not saved. */
  logId: string | null;
  /** The answers came but the server could not save them: nothing to share, nothing in the log. */
  unsaved?: true;
  /** Milliseconds (the page's clock) when the comparison was sent. */
  sentAt: number;
  /** What was sent (the prompt and each side's settings), for the Markdown copy; absent in tests that do not care. */
  request?: SentRequest;
  /** The boxes' titles for a general pair (side a left, b right), named when it was sent; absent for the spec's pair. */
  titles?: Record<Side, string>;
  /** The conversation the server says this comparison is a turn of, and the turn's number (from `start` or the answer). */
  conversation?: ConversationTurn;
  sides: Record<Side, SideState>;
}

export interface ConversationTurn {
  id: string;
  turn: number;
}

/** What names a conversation in a `start` event or a JSON answer (a general pair's, or a follow-up's). */
interface ConversationNamed {
  conversationId?: string | undefined;
  turn?: number | undefined;
}

/** A whole answer at once (the JSON form), read into sides by the stream's reader (api/stream-chat-data.ts). */
export interface SidesAnswer extends ConversationNamed {
  a: TServiceResult;
  b: TServiceResult;
  /** Null when the server could not save the answers (`unsaved`). */
  logId: string | null;
  unsaved?: true;
}

const conversationOf = ({ conversationId: id, turn }: ConversationNamed) => (id !== undefined && turn !== undefined ? { conversation: { id, turn } } : {});

export interface ComparisonState {
  /** The comparison the boxes show; null before the first one. */
  run: Run | null;
  /** The one shown before `run` was sent: shown again if the server refuses `run`. */
  previous: Run | null;
}

export type ComparisonAction =
  | { type: 'sent'; at: number; request?: SentRequest; titles?: Record<Side, string> }
  | ({ type: 'started'; logId: string } & ConversationNamed)
  | { type: 'delta'; side: Side; text: string; at: number }
  | { type: 'side-done'; side: Side; result: TServiceResult }
  | { type: 'ended'; logId: string | null; unsaved?: true }
  /** The server answered JSON (no stream): both results at once. */
  | { type: 'answered'; response: SidesAnswer }
  /** Refused before it started (free cap, validation, rate limit, no answer): nothing happened. */
  | { type: 'refused' }
  | { type: 'stopped'; at: number }
  /** `error` event, or the connection broke, after `start`. */
  | { type: 'failed'; message: string };

export const initialComparisonState: ComparisonState = { run: null, previous: null };

const emptySide = (): SideState => ({ text: '', result: null, firstTextAt: null });

const seconds = (ms: number) => Math.round(ms) / 1000;

export const isInFlight = (run: Run | null): boolean => run !== null && (run.status === 'waiting' || run.status === 'streaming');

/** A side the visitor stopped: what arrived, timed on the page (the server logs its own figures). */
function stoppedResult(side: SideState, sentAt: number, at: number): TServiceResult {
  return {
    message: side.text === '' ? null : side.text,
    tokens: null,
    rawOutput: null,
    errorMsg: null,
    elapsedTime: seconds(at - sentAt),
    timeToFirstToken: side.firstTextAt === null ? null : seconds(side.firstTextAt - sentAt),
    stopped: true,
  };
}

function mapSides(run: Run, change: (side: SideState) => SideState): Run {
  return { ...run, sides: { a: change(run.sides.a), b: change(run.sides.b) } };
}

function updateRun(state: ComparisonState, change: (run: Run) => Run): ComparisonState {
  // Events of a comparison that has ended (stopped, say) change nothing.
  if (state.run === null || !isInFlight(state.run)) return state;
  return { ...state, run: change(state.run) };
}

export function comparisonReducer(state: ComparisonState, action: ComparisonAction): ComparisonState {
  switch (action.type) {
    case 'sent':
      return {
        run: {
          status: 'waiting',
          logId: null,
          sentAt: action.at,
          ...(action.request ? { request: action.request } : {}),
          ...(action.titles ? { titles: action.titles } : {}),
          sides: { a: emptySide(), b: emptySide() },
        },
        previous: state.run,
      };
    case 'refused':
      return state.run?.status === 'waiting' ? { run: state.previous, previous: null } : state;
    case 'started':
      return updateRun(state, (run) => ({ ...run, status: 'streaming', logId: action.logId, ...conversationOf(action) }));
    case 'delta':
      return updateRun(state, (run) => {
        const side = run.sides[action.side];
        if (side.result !== null) return run;
        const next = { ...side, text: side.text + action.text, firstTextAt: side.firstTextAt ?? action.at };
        return { ...run, sides: { ...run.sides, [action.side]: next } };
      });
    case 'side-done':
      return updateRun(state, (run) => {
        const side = run.sides[action.side];
        // The result's message is the whole answer: it wins over the deltas should one have been missed.
        const next = { ...side, text: action.result.message ?? side.text, result: action.result };
        return { ...run, sides: { ...run.sides, [action.side]: next } };
      });
    case 'ended':
      return updateRun(state, (run) => {
        const finished = SIDES.every((side) => run.sides[side].result !== null);
        const ended = { ...run, logId: action.logId, ...(action.unsaved ? { unsaved: action.unsaved } : {}) };
        return finished ? { ...ended, status: 'complete' } : failedRun(ended, MESSAGES.streamInterrupted);
      });
    case 'answered':
      return updateRun(state, (run) => ({
        ...run,
        status: 'complete',
        logId: action.response.logId,
        ...conversationOf(action.response),
        ...(action.response.unsaved ? { unsaved: action.response.unsaved } : {}),
        sides: {
          a: { text: action.response.a.message ?? '', result: action.response.a, firstTextAt: null },
          b: { text: action.response.b.message ?? '', result: action.response.b, firstTextAt: null },
        },
      }));
    case 'stopped':
      return updateRun(state, (run) => ({
        ...mapSides(run, (side) => (side.result !== null ? side : { ...side, result: stoppedResult(side, run.sentAt, action.at) })),
        status: 'stopped',
      }));
    case 'failed':
      return updateRun(state, (run) => failedRun(run, action.message));
  }
}

function failedRun(run: Run, message: string): Run {
  return {
    ...mapSides(run, (side) =>
      side.result !== null
        ? side
        : {
            ...side,
            // What had arrived stays readable under the error, as for an upstream that broke off.
            result: { message: side.text === '' ? null : side.text, tokens: null, rawOutput: null, errorMsg: message, elapsedTime: 0, timeToFirstToken: null },
          },
    ),
    status: 'failed',
  };
}

/** What one box shows: the final result, or the text so far while the side is still writing. */
export type SideView =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'writing'; text: string }
  | { kind: 'final'; result: TServiceResult };

export function sideView(run: Run | null, side: Side): SideView {
  if (run === null) return { kind: 'idle' };
  const state = run.sides[side];
  if (state.result !== null) return { kind: 'final', result: state.result };
  if (!isInFlight(run)) return { kind: 'idle' };
  return state.text === '' ? { kind: 'waiting' } : { kind: 'writing', text: state.text };
}
