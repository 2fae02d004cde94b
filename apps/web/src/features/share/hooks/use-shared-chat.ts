import type { TSharedChat } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { answerRendererReady, preloadMarkdown } from '../../../components/answer/answer-text.tsx';
import { readAnswerView } from '../../../components/answer/answer-view.ts';
import { getSharedChat } from '../api/get-shared-chat.ts';

export type SharedChatState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; chat: TSharedChat };

/** Loads one shared comparison. The page is keyed by hash, so a new hash starts from 'loading'. */
export function useSharedChat(hash: string): SharedChatState {
  const [state, setState] = useState<SharedChatState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const rendered = readAnswerView() === 'rendered';
    // The renderer downloads while the answers do; they then appear once, already rendered.
    if (rendered) preloadMarkdown();
    getSharedChat(hash, controller.signal)
      .then(async (chat) => {
        if (rendered) await answerRendererReady([chat.chatGPT.message, chat.palmAPI.message]);
        return chat;
      })
      .then(
        (chat) => {
          if (!controller.signal.aborted) setState({ status: 'ready', chat });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Could not load the shared comparison', error);
          setState({ status: 'failed' });
        },
      );
    return () => controller.abort();
  }, [hash]);
  return state;
}
