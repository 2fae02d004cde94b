import {
  API_ROUTES,
  MESSAGES,
  STREAM_CONTENT_TYPE,
  STREAM_EVENTS,
  type Side,
  type TComparisonRequestInput,
  type TFollowUpRequest,
  type TPairRequestInput,
  type TStreamDelta,
  type TStreamEnd,
  type TStreamError,
  type TStreamStart,
  type TServiceResult,
} from '@promptpair/contract';
import { readEventStream } from '../../../lib/event-stream.ts';
import { http } from '../../../lib/http.ts';
import { isComparisonResponse, isSavedOrUnsaved, isServiceResult, UnexpectedAnswerError } from '../../../lib/answer-guards.ts';
import { bySide } from '../../../lib/spec-sides.ts';
import type { ComparisonAction, SidesAnswer } from '../logic/stream-state.ts';

/** A conversation's id and a turn's number, as a general pair's answer (or a follow-up's) carries them. */
type ConversationFields = Pick<TStreamStart, 'conversationId' | 'turn'>;

/** The conversation fields of an answer or a `start` event, when both are there and well formed. */
function conversationFields(data: Record<string, unknown>): ConversationFields {
  return typeof data.conversationId === 'string' && typeof data.turn === 'number' ? { conversationId: data.conversationId, turn: data.turn } : {};
}

/**
 * What the streamed comparison reports, event by event, in the order the server sent them, each
 * side read as the box it fills (a left, b right).
 */
export type ComparisonStreamEvent =
  | { type: 'start'; data: TStreamStart }
  | { type: 'delta'; data: { side: Side; text: string } }
  | { type: 'done'; data: { side: Side; result: TServiceResult } }
  | { type: 'end'; data: TStreamEnd }
  | { type: 'error'; data: TStreamError }
  /** The server answered the JSON form instead of a stream: both results at once. */
  | { type: 'answer'; data: SidesAnswer };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/**
 * The side an event's side names. The spec's body names its sides chatGPT and palmAPI
 * (TStreamDelta's StreamSide); a general pair names them a and b: the same two boxes.
 */
const SIDE_OF_EVENT: Readonly<Record<StreamSideName, Side>> = { chatGPT: 'a', palmAPI: 'b', a: 'a', b: 'b' };
type StreamSideName = TStreamDelta['side'] | Side;
const isSide = (value: unknown): value is StreamSideName => typeof value === 'string' && Object.hasOwn(SIDE_OF_EVENT, value);

/** A JSON answer, the spec's ({ chatGPT, palmAPI, logId }) or a general pair's ({ a, b, sides, logId }), by side. */
function asSides(data: unknown): SidesAnswer | null {
  if (!isObject(data) || !isSavedOrUnsaved(data)) return null;
  const sides = isComparisonResponse(data) ? bySide(data) : { a: data.a, b: data.b };
  if (!isServiceResult(sides.a) || !isServiceResult(sides.b)) return null;
  // isSavedOrUnsaved: a string, or null beside `unsaved`.
  const logId = data.logId as string | null;
  return { a: sides.a, b: sides.b, logId, ...(data.unsaved === true ? { unsaved: true as const } : {}), ...conversationFields(data) };
}

/** Checks one event's data against the contract (docs: packages/contract/src/comparison-stream.ts). */
function toStreamEvent(name: string, text: string): ComparisonStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UnexpectedAnswerError(`The server's ${name} event is not JSON.`);
  }
  const bad = () => new UnexpectedAnswerError(`The server's ${name} event has an unexpected shape.`);
  if (!isObject(data)) throw bad();
  switch (name) {
    case STREAM_EVENTS.start:
      if (typeof data.logId !== 'string') throw bad();
      return { type: name, data: { logId: data.logId, ...conversationFields(data) } };
    case STREAM_EVENTS.end:
      // Saved under its id, or (the database failed after both answers) not saved at all.
      if (data.unsaved === true && data.logId === null) return { type: name, data: { logId: null, unsaved: true } };
      if (typeof data.logId !== 'string') throw bad();
      return { type: name, data: { logId: data.logId } };
    case STREAM_EVENTS.delta:
      if (!isSide(data.side) || typeof data.text !== 'string') throw bad();
      return { type: 'delta', data: { side: SIDE_OF_EVENT[data.side], text: data.text } };
    case STREAM_EVENTS.done:
      if (!isSide(data.side) || !isServiceResult(data.result)) throw bad();
      return { type: 'done', data: { side: SIDE_OF_EVENT[data.side], result: data.result } };
    case STREAM_EVENTS.error:
      if (typeof data.message !== 'string') throw bad();
      return { type: 'error', data: data as unknown as TStreamError };
    default:
      // An event this page does not know (a later addition to the contract) is skipped.
      return null;
  }
}

/**
 * POST /api/getChatData (a comparison, or a follow-up turn of a conversation) asking for server-sent events: `onEvent` sees each event as it arrives;
 * resolves when the stream ends. Abort `signal` to stop the comparison: the server then stops
 * both services and logs what had arrived. Refusals before the stream reject with `HttpError`.
 */
export async function streamChatData(
  request: TComparisonRequestInput | TPairRequestInput | TFollowUpRequest,
  onEvent: (event: ComparisonStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await http.postForStream(API_ROUTES.getChatData, request, STREAM_CONTENT_TYPE, signal);
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith(STREAM_CONTENT_TYPE)) {
    // A server (or proxy) that does not stream answers the JSON form: show it all at once.
    const data = asSides(await response.json().catch(() => undefined));
    if (data === null) throw new UnexpectedAnswerError("The server's comparison answer has an unexpected shape.");
    onEvent({ type: 'answer', data });
    return;
  }
  if (response.body === null) throw new UnexpectedAnswerError('The server sent an empty stream.');
  await readEventStream(response.body, ({ event, data }) => {
    const parsed = toStreamEvent(event, data);
    if (parsed !== null) onEvent(parsed);
  });
}

/** What a stream's events do to the boxes (logic/stream-state.ts). */
function toAction(event: ComparisonStreamEvent): Exclude<ComparisonAction, { type: 'sent' | 'refused' | 'stopped' }> {
  switch (event.type) {
    case 'start':
      return { type: 'started', ...event.data };
    case 'delta':
      return { type: 'delta', side: event.data.side, text: event.data.text, at: performance.now() };
    case 'done':
      return { type: 'side-done', side: event.data.side, result: event.data.result };
    case 'end':
      return { type: 'ended', logId: event.data.logId, ...(event.data.unsaved ? { unsaved: event.data.unsaved } : {}) };
    case 'error':
      return { type: 'failed', message: event.data.message };
    case 'answer':
      return { type: 'answered', response: event.data };
  }
}

/**
 * Streams one comparison, or one follow-up turn, into `dispatch`, with the rules of docs/product.md
 * §5 and §8: a connection that breaks after `start` fails each open side; an abort (Stop) keeps
 * what arrived. Rejects, having dispatched nothing, when the server refused it before it started
 * (the caller says why). `saved`: the server accepted it and logged it (stopped ones too).
 */
export async function streamComparison(
  request: Parameters<typeof streamChatData>[0],
  dispatch: (action: ReturnType<typeof toAction>) => void,
  signal: AbortSignal,
): Promise<{ saved: boolean }> {
  let started = false;
  let finished = false;
  let unsaved = false;
  try {
    await streamChatData(
      request,
      (event) => {
        if (signal.aborted) return;
        if (event.type === 'start') started = true;
        if (event.type === 'end' || event.type === 'answer') {
          finished = true;
          unsaved = event.data.unsaved === true;
        }
        dispatch(toAction(event));
      },
      signal,
    );
    if (!signal.aborted && !finished) {
      if (started) dispatch({ type: 'failed', message: MESSAGES.streamInterrupted });
      else throw new UnexpectedAnswerError('The stream ended before the comparison started.');
    }
  } catch (error) {
    if (signal.aborted) {
      // Stopped: the reducer already keeps what arrived.
    } else if (started) {
      // The connection broke mid-answer: what arrived is lost with it, each open side says so.
      console.error('The comparison stream broke', error);
      dispatch({ type: 'failed', message: MESSAGES.streamInterrupted });
    } else throw error;
  }
  // An unsaved comparison is not in the log, so it enables nothing that reads the log.
  return { saved: (finished && !unsaved) || (started && signal.aborted) };
}
