import type { TBlindComparisonResponse, TBlindReveal, TComparisonRequestInput, TPairRequestInput, TVoteChoice } from '@promptpair/contract';

/** What a blind comparison is sent as: the spec's body or a general pair. */
type BlindRequest = TComparisonRequestInput | TPairRequestInput;
import { useCallback, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { withoutKeys } from '../../../lib/without-keys.ts';
import { toastEmptyPrompt, toastFreeCapReached, toastRateLimited, toastUnexpectedError } from '../../../components/ui/comparison-toasts.ts';
import { castVote, startBlindComparison } from '../api/blind-api.ts';

/**
 * A blind comparison and its vote. Until the vote this holds only what the server sent: two
 * texts in its order, so nothing on the page can know which service wrote which.
 */
export function useBlindRun({ onSuccess, onSettled, onVoted }: { onSuccess?: (request: BlindRequest) => void; onSettled: () => void; onVoted?: () => void }) {
  const [blind, setBlind] = useState<TBlindComparisonResponse | null>(null);
  // What the comparison shown was sent with, keyless: the Markdown copy offered after the vote names it.
  const [sent, setSent] = useState<BlindRequest | null>(null);
  const [reveal, setReveal] = useState<TBlindReveal | null>(null);
  const [inFlight, setInFlight] = useState(false);
  const [voting, setVoting] = useState(false);
  const sending = useRef(false);

  const submit = useCallback(
    async (request: BlindRequest) => {
      if (request.prompt.trim() === '') {
        toastEmptyPrompt();
        return;
      }
      if (sending.current) return;
      sending.current = true;
      setInFlight(true);
      try {
        const answer = await startBlindComparison(request);
        setReveal(null);
        setBlind(answer);
        setSent(withoutKeys(request));
        // An unsaved one is in no log and has no vote (BLIND_TEXTS.notSaved).
        if (!answer.unsaved) onSuccess?.(request);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) {
          if ((error.body as { code?: unknown } | undefined)?.code === 'rate_limited') toastRateLimited();
          else toastFreeCapReached();
        } else {
          console.error('The blind comparison failed', error);
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

  const vote = useCallback(
    async (choice: TVoteChoice) => {
      if (!blind || blind.logId === null || voting) return;
      setVoting(true);
      try {
        const { logId } = blind;
        setReveal(await castVote(logId, choice));
        onVoted?.();
      } catch (error) {
        console.error('The vote failed', error);
        toastUnexpectedError();
      } finally {
        setVoting(false);
      }
    },
    [blind, voting, onVoted],
  );

  return { blind, reveal, sent, inFlight, voting, submit, vote };
}
export type BlindRun = ReturnType<typeof useBlindRun>;
