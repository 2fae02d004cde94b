import { PassThrough } from 'node:stream';
import { STREAM_CONTENT_TYPE, STREAM_EVENTS, type StreamEventName, type TComparisonRequest, type TPairSideInfo, type TStreamEnd, type TStreamStart } from '@promptpair/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toBody } from '../../plugins/errors.ts';
import type { ComparisonService, ComparisonWatcher, ConversationTurn, PlannedPair } from '../../services/comparison.ts';
import type { Services } from '../../services/services.ts';

/** True when the client asked for server-sent events (`Accept: text/event-stream`). */
export function wantsEventStream(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.split(';')[0]?.trim().toLowerCase() === STREAM_CONTENT_TYPE) ?? false;
}

/** One server-sent event; JSON never holds a raw newline, so one `data:` line carries it. */
function frameText(event: StreamEventName, json: string): string {
  return `event: ${event}\ndata: ${json}\n\n`;
}

/**
 * Runs a comparison of the spec's body, which starts a conversation, and answers it as server-sent
 * events (contract: comparison-stream.ts). Resolves
 * once the comparison is accepted and the stream is sent, so a refusal (free cap, ...) rejects first
 * and is answered as plain JSON by the error handler. Closing the connection aborts both upstream calls.
 */
export function streamComparison(
  { comparison, storage }: { comparison: Pick<ComparisonService, 'compare'>; storage: Pick<Services['storage'], 'fault'> },
  body: TComparisonRequest, request: FastifyRequest, reply: FastifyReply,
): Promise<void> {
  return streamRun(
    storage,
    (watcher) => comparison.compare(body, { visitorId: request.visitorId, ip: request.ip }, { ...watcher, onStart: (logId, conversation) => watcher.onStart(logId, undefined, conversation) }, true),
    request,
    reply,
  );
}

/** The same for a general pair: sides named a and b, and the start event saying what each runs on. */
export function streamPair(
  { comparison, storage }: { comparison: Pick<ComparisonService, 'comparePair'>; storage: Pick<Services['storage'], 'fault'> },
  pair: PlannedPair, info: { a: TPairSideInfo; b: TPairSideInfo }, request: FastifyRequest, reply: FastifyReply,
): Promise<void> {
  return streamRun(
    storage,
    (watcher) => comparison.comparePair(pair, info, { visitorId: request.visitorId, ip: request.ip }, { ...watcher, onStart: (logId, sides, conversation) => watcher.onStart(logId, sides, conversation) }),
    request,
    reply,
  );
}

type StreamWatcher = Omit<ComparisonWatcher, 'onStart'> & { onStart(logId: string, sides?: { a: TPairSideInfo; b: TPairSideInfo }, conversation?: ConversationTurn): void };

function streamRun(
  storage: Pick<Services['storage'], 'fault'>,
  start: (watcher: StreamWatcher) => Promise<{ logId: string | null; unsaved?: true }>,
  request: FastifyRequest, reply: FastifyReply,
): Promise<void> {
  const events = new PassThrough();
  const stop = new AbortController();
  // A client that stops or leaves closes its side of the connection. Node keeps a half-closed socket
  // open while our answer is unfinished, so the socket's 'end' is the first sign, and the response's
  // 'close' the last; either one, before the answer finished, stops both upstream calls.
  const socket = request.raw.socket;
  const leave = () => {
    if (!reply.raw.writableFinished) stop.abort();
  };
  socket.once('end', leave);
  reply.raw.once('close', () => {
    leave();
    socket.off('end', leave);
  });
  // Events made in one event-loop iteration (both sides' pieces, several pieces from one network
  // read) go out as one write at its end: a write per event cost a stream hop and a syscall each.
  let pending = '';
  const flush = () => {
    if (pending !== '' && !events.destroyed) events.write(pending);
    pending = '';
  };
  const sendText = (text: string) => {
    if (events.destroyed) return;
    if (pending === '') setImmediate(flush);
    pending += text;
  };
  const send = (event: StreamEventName, data: unknown) => sendText(frameText(event, JSON.stringify(data)));

  return new Promise((resolve, reject) => {
    let started = false;
    start({
        signal: stop.signal,
        onStart(logId, sides, conversation) {
          started = true;
          // no-transform and X-Accel-Buffering keep proxies from holding the events back.
          void reply.header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`).header('cache-control', 'no-store, no-transform').header('x-accel-buffering', 'no');
          send(STREAM_EVENTS.start, { logId, ...(sides ? { sides } : {}), ...conversation } satisfies TStreamStart);
          void reply.send(events);
          resolve();
        },
        onText: (side, text) => send(STREAM_EVENTS.delta, { side, text }),
        onSideDone: (side, _result, json) => sendText(frameText(STREAM_EVENTS.done, `{"side":${JSON.stringify(side)},"result":${json}}`)),
      })
      .then(
        ({ logId, unsaved }) => send(STREAM_EVENTS.end, unsaved ? ({ logId: null, unsaved } satisfies TStreamEnd) : ({ logId } satisfies TStreamEnd)),
        (error: unknown) => {
          if (!started) return reject(error instanceof Error ? error : new Error(String(error)));
          const { status, body } = toBody(error as FastifyError);
          if (body.code === 'storage_unavailable') storage.fault(error);
          else request.log[status >= 500 ? 'error' : 'warn']({ err: error }, 'streamed comparison failed after it started');
          send(STREAM_EVENTS.error, body);
        },
      )
      .finally(() => {
        flush();
        events.end();
      });
  });
}
