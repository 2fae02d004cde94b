import type { TBlindComparisonResponse, TBlindConversationReveal, TBlindReveal, TComparisonRequestInput, TPairRequestInput, TVoteChoice } from '@promptpair/contract';
import { useCallback, useRef, useState } from 'react';
import { withoutKeys } from '../../../lib/without-keys.ts';
import { toastEmptyPrompt, toastTooMany, toastUnexpectedError } from '../../../components/ui/comparison-toasts.ts';
import { castVote, startBlindComparison } from '../api/blind-api.ts';

/** What a blind comparison is sent as: the spec's body or a general pair. */
type BlindRequest = TComparisonRequestInput | TPairRequestInput;

/** One turn of a blind conversation as the page holds it before the vote: what was asked and the two texts. */
export interface BlindTurn {
  prompt: string;
  answer: TBlindComparisonResponse;
}

/**
 * A blind comparison, the later turns of its conversation, and its vote or end. Until then this
 * holds only what the server sent: each turn's two texts in its order, so nothing on the page can
 * know which service wrote which.
 */
export function useBlindRun({ onSuccess, onSettled, onVoted }: { onSuccess?: (request: BlindRequest) => void; onSettled: () => void; onVoted?: () => void }) {
  const [turns, setTurns] = useState<BlindTurn[]>([]);
  // What the comparison shown was sent with, keyless: the Markdown copy offered after the vote names it.
  const [sent, setSent] = useState<BlindRequest | null>(null);
  const [reveal, setReveal] = useState<TBlindReveal | null>(null);
  // A conversation ended without a vote: every turn revealed.
  const [ended, setEnded] = useState<TBlindConversationReveal | null>(null);
  const [inFlight, setInFlight] = useState(false);
  const [voting, setVoting] = useState(false);
  const sending = useRef(false);
  // Each side's own key, sent again with every turn (the server keeps none); in memory only.
  const keys = useRef<{ a?: string | undefined; b?: string | undefined }>({});
  const blind = turns.at(-1)?.answer ?? null;

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
        setEnded(null);
        setTurns([{ prompt: request.prompt, answer }]);
        setSent(withoutKeys(request));
        // Side a is ChatGPT's panel and side b Bard's in the spec's body.
        keys.current = 'sides' in request ? { a: request.sides.a.apiKey, b: request.sides.b.apiKey } : { a: request.chatGPT?.apiKey, b: request.bardAPI?.apiKey };
        // An unsaved one is in no log and has no vote (BLIND_TEXTS.notSaved).
        if (!answer.unsaved) onSuccess?.(request);
      } catch (error) {
        if (!toastTooMany(error)) {
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

  // A conversation's later turns and its end are sent by the results (use-blind-conversation.ts,
  // loaded with them); this keeps what they give back.
  // A turn answered after a new comparison began belongs to the old conversation: dropped.
  const addTurn = useCallback((turn: BlindTurn) => setTurns((earlier) => (earlier[0]?.answer.conversationId === turn.answer.conversationId ? [...earlier, turn] : earlier)), []);

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

  return { blind, turns, reveal, ended, sent, inFlight, voting, submit, vote, addTurn, setEnded, keys, onSettled };
}
export type BlindRun = ReturnType<typeof useBlindRun>;
