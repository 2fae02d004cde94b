import type { Side } from '@promptpair/contract';
import type { SentRequest } from '../logic/build-request.ts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { withoutKeys } from '../../../lib/without-keys.ts';
import { toastEmptyPrompt, toastFreeCapReached, toastRateLimited, toastUnexpectedError } from '../../../components/ui/comparison-toasts.ts';
import { useEscapeToStop } from './use-escape-to-stop.ts';
import { comparisonReducer, initialComparisonState, isInFlight } from '../logic/stream-state.ts';

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
    async (request: SentRequest, titles?: Record<Side, string>) => {
      if (request.prompt.trim() === '') {
        toastEmptyPrompt();
        return;
      }
      if (controller.current !== null) return;
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'sent', at: performance.now(), request: withoutKeys(request), ...(titles ? { titles } : {}) });
      let saved = false;
      try {
        const { streamComparison } = await loadStreamReader();
        saved = (await streamComparison(request, dispatch, current.signal)).saved;
      } catch (error) {
        dispatch({ type: 'refused' });
        toastRefusal(error);
      } finally {
        controller.current = null;
        if (saved) onSuccess(request);
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

  useEscapeToStop(inFlight, stop);

  useEffect(() => {
    loadStreamReader().catch((error: unknown) => console.error('Could not load the stream reader', error));
  }, []);

  // Leaving the page mid-comparison stops it, so the server stops both services too.
  useEffect(() => () => controller.current?.abort(), []);

  return { run: state.run, inFlight, submit, stop };
}
