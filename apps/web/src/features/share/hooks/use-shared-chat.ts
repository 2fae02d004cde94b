import { SHARED_PAGE_DATA_ID, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { answerRendererReady, preloadMarkdown } from '../../../components/answer/answer-text.tsx';
import { readAnswerView } from '../../../components/answer/answer-view.ts';

/** `html`: each side's answer as the server rendered it, when the page's HTML carried them. */
export type SharedChatState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; chat: TSharedChat; html: TSharedPageData['html'] | null };

/**
 * The comparison the server wrote into the page's HTML for this hash (the route `/chatid/:hash`),
 * or null (another hash, or a page without it). The server made it from the same record the API
 * answers with, so it is not validated again here.
 */
export function readEmbeddedSharedChat(hash: string): TSharedPageData | null {
  const element = document.getElementById(SHARED_PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as TSharedPageData;
    return data.hash === hash ? data : null;
  } catch (error) {
    console.error('Could not read the comparison in the page', error);
    return null;
  }
}

/** Whether every answer in `data` came rendered (the server leaves the longest to the browser). */
function renderedAhead({ chat, html }: TSharedPageData): boolean {
  return (chat.chatGPT.message === null || html.chatGPT !== null) && (chat.palmAPI.message === null || html.palmAPI !== null);
}

/**
 * One shared comparison: at once from the page's HTML when the server put it there with every
 * answer rendered, else loaded (GET /api/chat/{hash}). The page is keyed by hash, so a new hash
 * starts afresh.
 */
export function useSharedChat(hash: string): SharedChatState {
  const [embedded] = useState(() => readEmbeddedSharedChat(hash));
  const [state, setState] = useState<SharedChatState>(() =>
    embedded && (renderedAhead(embedded) || readAnswerView() === 'plain') ? { status: 'ready', chat: embedded.chat, html: embedded.html } : { status: 'loading' },
  );
  const loaded = state.status !== 'loading';
  useEffect(() => {
    if (loaded) return;
    const controller = new AbortController();
    const rendered = readAnswerView() === 'rendered';
    // The renderer downloads while the answers do; they then appear once, already rendered.
    if (rendered) preloadMarkdown();
    // The API client and its schemas load only here: a page with its comparison in its HTML needs neither.
    const chatLoaded = embedded
      ? Promise.resolve(embedded.chat)
      : import('../api/get-shared-chat.ts').then(({ getSharedChat }) => getSharedChat(hash, controller.signal));
    const html = embedded?.html ?? null;
    chatLoaded
      .then(async (chat) => {
        if (rendered) await answerRendererReady([html?.chatGPT ? null : chat.chatGPT.message, html?.palmAPI ? null : chat.palmAPI.message]);
        return chat;
      })
      .then(
        (chat) => {
          if (!controller.signal.aborted) setState({ status: 'ready', chat, html });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Could not load the shared comparison', error);
          setState({ status: 'failed' });
        },
      );
    return () => controller.abort();
    // Loading runs once per mounted hash; `loaded` and `embedded` are fixed from the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);
  return state;
}
