import { BLIND_TEXTS, MESSAGES, namesByServiceKey, PAGE_ROUTES, pairNames, sentSettingsShown, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PrerenderedAnswers } from '../../../components/answer/answer-text.tsx';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { PrerenderedAnswer } from '../../../components/answer/prerendered-answer.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { VerdictLine } from '../../../components/verdict-line/verdict-line.tsx';
import { useSharedChat } from '../hooks/use-shared-chat.ts';
import { SentSettings } from './sent-settings.tsx';

/** Shows each side's message as the server rendered it; any other text renders in the browser. */
function ServerRenderedAnswers({ chat, html, children }: { chat: TSharedChat; html: TSharedPageData['html'] | null; children: ReactNode }) {
  const render = useCallback(
    (text: string): ReactNode => {
      const ahead = text === chat.chatGPT.message ? html?.chatGPT : text === chat.palmAPI.message ? html?.palmAPI : null;
      return ahead ? <PrerenderedAnswer html={ahead} /> : null;
    },
    [chat, html],
  );
  return <PrerenderedAnswers.Provider value={render}>{children}</PrerenderedAnswers.Provider>;
}

/** The shared comparison for the Markdown copy: settings absent from older records read as "not kept". */
function markdownComparison(chat: TSharedChat) {
  const settings = sentSettingsShown(chat.settings, chat.sideSettings);
  return {
    // A pair other than the spec's is named by each side's service and model.
    ...(chat.sides ? { names: pairNames(chat.sides) } : {}),
    prompt: chat.prompt ?? '',
    createdAt: chat.created_at ?? null,
    chatGPT: { result: chat.chatGPT, settings: settings ? settings.chatGPT : undefined },
    palmAPI: { result: chat.palmAPI, settings: settings ? settings.palmAPI : undefined },
    vote: chat.vote ?? null,
  };
}

function SharedChat({ hash }: { hash: string }) {
  const state = useSharedChat(hash);
  // As tall as a screen while loading, so the footer starts below the fold and the answers arriving
  // do not push it (a layout shift).
  if (state.status === 'loading') return <p className="text-body-secondary min-vh-100">{MESSAGES.loading}</p>;
  // docs/product.md §4: a failed fetch shows empty content; the note only says why the page is blank.
  if (state.status === 'failed') return <p className="text-body-secondary small">{MESSAGES.sharedNotFound}</p>;
  const { chat, html } = state;
  // The spec's titles for the spec's pair; service · model for any other (side a is chatGPT, b palmAPI).
  const names = namesByServiceKey(pairNames(chat.sides));
  const sent = sentSettingsShown(chat.settings, chat.sideSettings);
  const sideName = (service: 'chatGPT' | 'palmAPI') => (chat.sides ? names[service] : undefined);
  return (
    <ServerRenderedAnswers chat={chat} html={html}>
      {chat.prompt !== undefined && (
        <section aria-labelledby="shared-prompt" className="mb-3">
          <h2 id="shared-prompt" className="h6 text-body-secondary">
            Prompt
          </h2>
          <p className="shared-prompt mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {chat.prompt}
          </p>
        </section>
      )}
      {chat.vote && (
        <p className="mb-2">
          Blind vote: {BLIND_TEXTS.votedAs[chat.vote.choice]} (Answer A was {names[chat.vote.answerA]}).{' '}
          {chat.vote.possiblyUnblinded && BLIND_TEXTS.possiblyUnblinded}
        </p>
      )}
      <VerdictLine a={{ ...chat.chatGPT, label: names.chatGPT }} b={{ ...chat.palmAPI, label: names.palmAPI }} />
      {sent && (
        <div className="row g-3 mb-2">
          <div className="col-md-6">
            <SentSettings title={names.chatGPT} settings={sent.chatGPT} />
          </div>
          <div className="col-md-6">
            <SentSettings title={names.palmAPI} settings={sent.palmAPI} />
          </div>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <MarkdownActions comparison={markdownComparison(chat)} fileId={hash} />
        <AnswerViewToggle />
      </div>
      <div className="row g-3">
        <div className="col-md-6">
          <ResultBox service="chatGPT" result={chat.chatGPT} sideName={sideName('chatGPT')} />
        </div>
        <div className="col-md-6">
          <ResultBox service="palmAPI" result={chat.palmAPI} sideName={sideName('palmAPI')} />
        </div>
      </div>
    </ServerRenderedAnswers>
  );
}

/** Route /chatid/:hash (docs/product.md §2): 'Loading...', then both answers read-only in the result boxes. */
export function SharedChatPage() {
  const { hash = '' } = useParams();
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Shared comparison</h1>
        <Link href={PAGE_ROUTES.home}>Compare your own prompt</Link>
      </div>
      <SharedChat key={hash} hash={hash} />
    </div>
  );
}
