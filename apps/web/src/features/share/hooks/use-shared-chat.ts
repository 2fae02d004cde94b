import { SHARED_PAGE_DATA_ID, SIDES, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { answerRendererReady, preloadMarkdown } from '../../../components/answer/answer-text.tsx';
import { readAnswerView } from '../../../components/answer/answer-view.ts';
import { sharedChatView, type SharedHtml } from '../api/shared-chat-view.ts';

/** `html`: the answers as the server rendered them, when the page's HTML carried them. */
export type SharedChatState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; chat: TSharedChat; html: SharedHtml | null };

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

/** Each message on the page with its server-rendered HTML (null when the browser must render it): every turn's for a conversation. */
function messagesWithHtml(chat: TSharedChat, html: SharedHtml | null): { message: string | null; html: string | null }[] {
  const view = sharedChatView(chat, html);
  return (view.turns ?? [view.latest]).flatMap((turn) => SIDES.map((side) => ({ message: turn.results[side].message, html: turn.html[side] })));
}

/** Whether every answer in `data` came rendered (the server leaves the longest to the browser). */
function renderedAhead(data: TSharedPageData): boolean {
  return messagesWithHtml(data.chat, data).every((answer) => answer.message === null || answer.html !== null);
}

/**
 * One shared comparison: at once from the page's HTML when the server put it there with every
 * answer rendered, else loaded (GET /api/chat/{hash}). The page is keyed by hash, so a new hash
 * starts afresh.
 */
export function useSharedChat(hash: string): SharedChatState {
  const [embedded] = useState(() => readEmbeddedSharedChat(hash));
  const [state, setState] = useState<SharedChatState>(() =>
    embedded && (renderedAhead(embedded) || readAnswerView() === 'plain') ? { status: 'ready', chat: embedded.chat, html: embedded } : { status: 'loading' },
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
    const html: SharedHtml | null = embedded ?? null;
    chatLoaded
      .then(async (chat) => {
        if (rendered) await answerRendererReady(messagesWithHtml(chat, html).map((answer) => (answer.html ? null : answer.message)));
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
