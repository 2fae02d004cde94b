import type { TComparisonRequestInput, TComparisonResponse } from '@promptpair/contract';
import { useCallback, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { getChatData } from '../api/get-chat-data.ts';
import { toastEmptyPrompt, toastFreeCapReached, toastRateLimited, toastUnexpectedError } from '../logic/comparison-toasts.ts';

interface RunCallbacks {
  onSuccess: (request: TComparisonRequestInput) => void;
  /** After every answer, good or bad: the free-prompt count may have changed either way. */
  onSettled: () => void;
}

/** Sends a comparison and keeps its latest answer; the rules of SPEC §5 and §8 live here. */
export function useComparisonRun({ onSuccess, onSettled }: RunCallbacks) {
  const [result, setResult] = useState<TComparisonResponse | null>(null);
  const [inFlight, setInFlight] = useState(false);
  // A ref, not state: Ctrl+Enter twice in one frame must not send twice.
  const sending = useRef(false);

  const submit = useCallback(
    async (request: TComparisonRequestInput) => {
      if (request.prompt.trim() === '') {
        toastEmptyPrompt();
        return;
      }
      if (sending.current) return;
      sending.current = true;
      setInFlight(true);
      try {
        const response = await getChatData(request);
        setResult(response);
        onSuccess(request);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) {
          if ((error.body as { code?: unknown } | undefined)?.code === 'rate_limited') toastRateLimited();
          else toastFreeCapReached();
        } else {
          console.error('The comparison failed', error);
          toastUnexpectedError();
        }
      } finally {
        sending.current = false;
        setInFlight(false);
        onSettled();
      }
    },
    [onSuccess, onSettled],
  );

  return { result, inFlight, submit };
}
