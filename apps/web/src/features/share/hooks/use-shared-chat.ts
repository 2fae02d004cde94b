import type { TSharedChat } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { getSharedChat } from '../api/get-shared-chat.ts';

export type SharedChatState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; chat: TSharedChat };

/** Loads one shared comparison. The page is keyed by hash, so a new hash starts from 'loading'. */
export function useSharedChat(hash: string): SharedChatState {
  const [state, setState] = useState<SharedChatState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getSharedChat(hash, controller.signal).then(
      (chat) => setState({ status: 'ready', chat }),
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
