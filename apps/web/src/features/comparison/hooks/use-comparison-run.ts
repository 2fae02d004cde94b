import { MESSAGES, type PageSide } from '@promptpair/contract';
import type { SentRequest } from '../logic/build-request.ts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { withoutKeys } from '../../../lib/without-keys.ts';
import type { ComparisonStreamEvent } from '../api/stream-chat-data.ts';
import { toastEmptyPrompt, toastFreeCapReached, toastRateLimited, toastUnexpectedError } from '../../../components/ui/comparison-toasts.ts';
import { comparisonReducer, initialComparisonState, isInFlight, type ComparisonAction } from '../logic/stream-state.ts';

/**
 * The stream reader (with its event-stream parser) is needed only once a comparison is sent, so it
 * is not in the page's first download: it loads right after the first paint, and a send awaits it.
 */
const loadStreamReader = () => import('../api/stream-chat-data.ts');

interface RunCallbacks {
  /** The comparison was accepted and logged (it ended saved, or was stopped after the server accepted it). */
  onSuccess: (request: SentRequest) => void;
  /** After every answer, good or bad: the free-prompt count may have changed either way. */
  onSettled: () => void;
}

function toAction(event: ComparisonStreamEvent): ComparisonAction {
  switch (event.type) {
    case 'start':
      return { type: 'started', logId: event.data.logId };
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

function toastRefusal(error: unknown) {
  if (error instanceof HttpError && error.status === 429) {
    if ((error.body as { code?: unknown } | undefined)?.code === 'rate_limited') toastRateLimited();
    else toastFreeCapReached();
  } else {
    console.error('The comparison failed', error);
    toastUnexpectedError();
  }
}

/**
 * Sends a comparison as a stream and keeps what the boxes show; the rules of docs/product.md §5 and §8 live
 * here. `stop` (or Escape while it runs) aborts the request: the server stops both services and
 * logs what had arrived, and the boxes keep it, marked stopped.
 */
export function useComparisonRun({ onSuccess, onSettled }: RunCallbacks) {
  const [state, dispatch] = useReducer(comparisonReducer, initialComparisonState);
  // Refs, not state: Ctrl+Enter twice in one frame must not send twice, and Stop must reach the
  // request of this very moment.
  const controller = useRef<AbortController | null>(null);

  const submit = useCallback(
    /** `titles` name a general pair's boxes (side a, side b); the spec's pair keeps its own. */
    async (request: SentRequest, titles?: Record<PageSide, string>) => {
      if (request.prompt.trim() === '') {
        toastEmptyPrompt();
        return;
      }
      if (controller.current !== null) return;
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'sent', at: performance.now(), request: withoutKeys(request), ...(titles ? { titles } : {}) });
      let started = false;
      let finished = false;
      let unsaved = false;
      try {
        const { streamChatData } = await loadStreamReader();
        await streamChatData(
          request,
          (event) => {
            if (current.signal.aborted) return;
            if (event.type === 'start') started = true;
            if (event.type === 'end' || event.type === 'answer') {
              finished = true;
              unsaved = event.data.unsaved === true;
            }
            dispatch(toAction(event));
          },
          current.signal,
        );
        if (!current.signal.aborted && !finished) {
          if (started) dispatch({ type: 'failed', message: MESSAGES.streamInterrupted });
          else throw new Error('The stream ended before the comparison started.');
        }
      } catch (error) {
        if (current.signal.aborted) {
          // Stopped: the reducer already keeps what arrived.
        } else if (started) {
          // The connection broke mid-answer: what arrived is lost with it, each open side says so.
          console.error('The comparison stream broke', error);
          dispatch({ type: 'failed', message: MESSAGES.streamInterrupted });
        } else {
          dispatch({ type: 'refused' });
          toastRefusal(error);
        }
      } finally {
        controller.current = null;
        // An unsaved comparison is not in the log, so it enables nothing that reads the log.
        if ((finished && !unsaved) || (started && current.signal.aborted)) onSuccess(request);
        onSettled();
      }
    },
    [onSuccess, onSettled],
  );

  const stop = useCallback(() => {
    const current = controller.current;
    if (current === null || current.signal.aborted) return;
    dispatch({ type: 'stopped', at: performance.now() });
    current.abort();
  }, []);

  const inFlight = isInFlight(state.run);

  // Escape stops a running comparison, unless a dialog is open (Escape closes the dialog).
  useEffect(() => {
    if (!inFlight) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('.modal.show') !== null) return;
      stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inFlight, stop]);

  useEffect(() => {
    loadStreamReader().catch((error: unknown) => console.error('Could not load the stream reader', error));
  }, []);

  // Leaving the page mid-comparison stops it, so the server stops both services too.
  useEffect(() => () => controller.current?.abort(), []);

  return { run: state.run, inFlight, submit, stop };
}
