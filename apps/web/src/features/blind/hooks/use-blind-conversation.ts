import { useCallback, useRef, useState } from 'react';
import { endBlindConversation, sendBlindTurn } from '../api/blind-conversation-api.ts';
import type { BlindRun } from './use-blind-run.ts';

/**
 * A blind conversation's next turns and its end without a vote. Loaded with the blind results,
 * not with the page: the run (use-blind-run.ts) keeps only what these give back.
 */
export function useBlindConversation(run: BlindRun) {
  // The prompt of the turn on its way, shown above its answers' places.
  const [replying, setReplying] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const busy = useRef(false);
  const conversationId = run.blind?.conversationId;
  const { addTurn, setEnded, keys, onSettled } = run;

  /** The next turn, to both answers; true when it was answered (the reply box then empties). */
  const reply = useCallback(
    async (prompt: string) => {
      if (!conversationId || busy.current || prompt.trim() === '') return false;
      busy.current = true;
      setReplying(prompt);
      try {
        const answer = await sendBlindTurn(conversationId, prompt, keys.current);
        if (answer) addTurn({ prompt, answer });
        return answer !== null;
      } finally {
        busy.current = false;
        setReplying(null);
        onSettled();
      }
    },
    [conversationId, addTurn, keys, onSettled],
  );

  /** Ends the conversation without a vote, revealing every turn. */
  const end = useCallback(async () => {
    if (!conversationId || busy.current) return;
    busy.current = true;
    setEnding(true);
    try {
      const revealed = await endBlindConversation(conversationId);
      if (revealed) setEnded(revealed);
    } finally {
      busy.current = false;
      setEnding(false);
    }
  }, [conversationId, setEnded]);

  return { replying, ending, reply, end };
}
export type BlindConversation = ReturnType<typeof useBlindConversation>;
