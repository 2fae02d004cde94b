/**
 * The streamed form of a comparison: `POST /api/getChatData` with `Accept: text/event-stream`
 * answers server-sent events as both services write (docs/decisions.md, "Streamed comparisons").
 * Validation, the free cap (429) and every other refusal happen before the stream starts, so they
 * answer exactly as the JSON form does. Kept apart from zod so the page can use it without loading zod.
 *
 * Order: one `start`; then `delta` events of both sides interleaved as they arrive; one `done` per
 * side once that side has finished (answered, failed or stopped); last, one `end`. A failure of the
 * server itself after the stream started is one `error` event instead of `end`.
 */
import type { TServiceResult } from './schemas/comparison.ts';
import type { TTurnChoice } from './schemas/conversation.ts';
import type { Side } from './sides.ts';

export const STREAM_CONTENT_TYPE = 'text/event-stream';

export const STREAM_EVENTS = {
  start: 'start',
  delta: 'delta',
  done: 'done',
  end: 'end',
  error: 'error',
} as const;
export type StreamEventName = (typeof STREAM_EVENTS)[keyof typeof STREAM_EVENTS];

/** Which box an event belongs to: the spec's names for the spec's body. */
export type StreamSide = 'chatGPT' | 'palmAPI';

/** `start`: the comparison is accepted; its log record will carry this id (unless `end` says it was not saved). */
export interface TStreamStart {
  logId: string;
  /** A general pair request's: what each side runs on (service, kind, name, model). */
  sides?: Record<Side, { service: string; kind: string; name: string; model: string }>;
  /** The conversation (a general pair's or the spec body's) and this turn's number (schemas/conversation.ts). */
  conversationId?: string;
  turn?: number;
  /** A follow-up's choice for this turn: carry, only or regenerate a side. */
  choice?: TTurnChoice;
}

/** `delta`: text the side added since its previous delta (appended as is). */
export interface TStreamDelta {
  side: StreamSide;
  text: string;
}

/**
 * `done`: the side's final result, exactly what the JSON form would hold for it, plus its time to
 * first token. `result.message` is the whole answer (the deltas joined), so a client that missed
 * a delta still ends right.
 */
export interface TStreamSideDone {
  side: StreamSide;
  result: TServiceResult;
}

/**
 * `end`: both sides are done and the comparison is logged under `logId`; or, when the log record
 * could not be written, `logId` is null and `unsaved` true (the answers stand, nothing was kept).
 */
export interface TStreamEnd {
  logId: string | null;
  unsaved?: true;
}

/** `error`: the server could not finish the comparison (the one error shape of the API). */
export interface TStreamError {
  message: string;
  code?: string;
}
