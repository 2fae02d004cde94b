import { MESSAGES, type Side, type TTurnChoice } from '@promptpair/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isRequestError } from '../../../lib/http.ts';
import { streamComparison } from '../api/stream-chat-data.ts';
import { conversationReducer, followUpBody, isTurnRunning, type ConversationState } from '../logic/conversation-state.ts';
import { useEscapeToStop } from './use-escape-to-stop.ts';

/** The server's own words for a refused follow-up (422 limits, 404, 429 free cap), or the general one. */
function refusalMessage(error: unknown): string {
  const message = isRequestError(error) ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  if (typeof message === 'string' && message !== '') return message;
  console.error('The follow-up failed', error);
  return MESSAGES.unexpectedError;
}

/**
 * The follow-up turns of a conversation the first comparison began: each sent as a stream, stopped
 * on its own (`stop`, or Escape while it runs), refused with the server's message kept for the
 * reply box. Leaving (a new comparison, another page) stops a running turn.
 */
export function useConversation(start: ConversationState, { onSettled }: { onSettled: () => void }) {
  const [state, dispatch] = useReducer(conversationReducer, start);
  const controller = useRef<AbortController | null>(null);

  /** Resolves true when the server took the turn and kept it (the reply box may then be emptied). */
  const send = useCallback(
    async (prompt: string, choice: TTurnChoice | null, apiKeys: Partial<Record<Side, string>>): Promise<boolean> => {
      if (controller.current !== null) return false;
      const current = new AbortController();
      controller.current = current;
      dispatch({ type: 'sent', at: performance.now(), ...(choice?.kind === 'regenerate' ? {} : { prompt }), choice });
      try {
        return (await streamComparison(followUpBody(state.id, prompt, choice, apiKeys), (action) => dispatch({ type: 'run', action }), current.signal)).saved;
      } catch (error) {
        dispatch({ type: 'refused', message: refusalMessage(error) });
        return false;
      } finally {
        controller.current = null;
        onSettled();
      }
    },
    [state.id, onSettled],
  );

  const stop = useCallback(() => {
    const current = controller.current;
    if (current === null || current.signal.aborted) return;
    dispatch({ type: 'run', action: { type: 'stopped', at: performance.now() } });
    current.abort();
  }, []);

  const running = isTurnRunning(state);
  useEscapeToStop(running, stop);
  useEffect(() => () => controller.current?.abort(), []);

  return { state, running, send, stop };
}
