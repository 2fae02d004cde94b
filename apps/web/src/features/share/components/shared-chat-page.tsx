import { BLIND_TEXTS, CONVERSATION_RECORD_TEXTS, MESSAGES, namesByServiceKey, PAGE_ROUTES, pairNames, RESULT_KEY_OF_SIDE, sentSettingsShown, type TSharedChat, type TSharedTurn } from '@promptpair/contract';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PrerenderedAnswers } from '../../../components/answer/answer-text.tsx';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { PrerenderedAnswer } from '../../../components/answer/prerendered-answer.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { VerdictLine } from '../../../components/verdict-line/verdict-line.tsx';
import { useSharedChat, type SharedHtml } from '../hooks/use-shared-chat.ts';
import { SentSettings } from './sent-settings.tsx';

/** Shows each message (of every turn) as the server rendered it; any other text renders in the browser. */
function ServerRenderedAnswers({ chat, html, children }: { chat: TSharedChat; html: SharedHtml | null; children: ReactNode }) {
  const rendered = useMemo(() => {
    const byText = new Map<string, string>();
    const add = (turn: Pick<TSharedTurn, 'chatGPT' | 'palmAPI'>, turnHtml: SharedHtml['html'] | undefined) => {
      if (turn.chatGPT.message !== null && turnHtml?.chatGPT) byText.set(turn.chatGPT.message, turnHtml.chatGPT);
      if (turn.palmAPI.message !== null && turnHtml?.palmAPI) byText.set(turn.palmAPI.message, turnHtml.palmAPI);
    };
    add(chat, html?.html);
    chat.conversation?.turns.forEach((turn, index) => add(turn, html?.turnsHtml?.[index]));
    return byText;
  }, [chat, html]);
  const render = useCallback((text: string): ReactNode => {
    const ahead = rendered.get(text);
    return ahead ? <PrerenderedAnswer html={ahead} /> : null;
  }, [rendered]);
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

/** A conversation's turns for the Markdown copy: each with the conversation's names and settings (a conversation keeps its first turn's). */
export function markdownTurns(chat: TSharedChat) {
  const shared = markdownComparison(chat);
  const names = namesByServiceKey(pairNames(chat.sides));
  return chat.conversation?.turns.map((turn) => ({
    ...shared,
    turn: turn.turn,
    note: choiceNote(turn.choice, names),
    prompt: turn.prompt,
    createdAt: turn.created_at,
    chatGPT: { ...shared.chatGPT, result: turn.chatGPT },
    palmAPI: { ...shared.palmAPI, result: turn.palmAPI },
    vote: null,
  }));
}

/** What the visitor chose for a turn, in words naming the side; undefined for a plain turn. */
function choiceNote(choice: TSharedTurn['choice'], names: ReturnType<typeof namesByServiceKey>): string | undefined {
  return choice && CONVERSATION_RECORD_TEXTS.choice(choice.kind, choice.side === 'a' ? names.chatGPT : names.palmAPI);
}

interface SharedTurnProps {
  chat: TSharedChat;
  /** The prompt (none for a record without one), both results and, in a conversation, the turn's number. */
  turn: { prompt: string | undefined; chatGPT: TSharedTurn['chatGPT']; palmAPI: TSharedTurn['palmAPI']; turn?: number; choice?: TSharedTurn['choice'] };
  names: ReturnType<typeof namesByServiceKey>;
  /** The prompt heading's id, unique on the page. */
  headingId?: string;
  /** Between the prompt and the verdict (the blind vote of a single comparison). */
  afterPrompt?: ReactNode;
  /** Between the verdict and the answers (a single comparison's settings and controls). */
  children?: ReactNode;
}

/** One comparison's prompt, verdict and both answers read-only: the shared comparison, or a turn of a conversation. */
function SharedTurn({ chat, turn, names, headingId = 'shared-prompt', afterPrompt, children }: SharedTurnProps) {
  const sideName = (service: 'chatGPT' | 'palmAPI') => (chat.sides ? names[service] : undefined);
  return (
    <>
      {turn.prompt !== undefined && (
        <section aria-labelledby={headingId} className="mb-3">
          <h2 id={headingId} className="h6 text-body-secondary">
            {turn.turn === undefined ? 'Prompt' : CONVERSATION_RECORD_TEXTS.turn(turn.turn)}
          </h2>
          {turn.choice && <p className="small text-body-secondary fst-italic mb-1">{choiceNote(turn.choice, names)}</p>}
          <p className="shared-prompt mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {turn.prompt}
          </p>
        </section>
      )}
      {afterPrompt}
      <VerdictLine a={{ ...turn.chatGPT, label: names.chatGPT }} b={{ ...turn.palmAPI, label: names.palmAPI }} />
      {children}
      <div className="row g-3">
        {(['chatGPT', 'palmAPI'] as const).map((service) => (
          <div key={service} className="col-md-6">
            {turn[service].skipped ? (
              // A follow-up sent to the other side only: nothing was asked of this one.
              <section className="result-box card h-100" aria-label={`${names[service]} answer`}>
                <h2 className="h6 mb-0 card-header">{names[service]}</h2>
                <p className="card-body text-body-secondary fst-italic mb-0">{CONVERSATION_RECORD_TEXTS.notAsked}</p>
              </section>
            ) : (
              <ResultBox service={service} result={turn[service]} sideName={sideName(service)} />
            )}
          </div>
        ))}
      </div>
    </>
  );
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
  const turns = chat.conversation?.turns;
  const vote = chat.vote && (
    <p className="mb-2">
      Blind vote: {BLIND_TEXTS.votedAs[chat.vote.choice]} (Answer A was {names[RESULT_KEY_OF_SIDE[chat.vote.answerA]]}).{' '}
      {chat.vote.possiblyUnblinded && BLIND_TEXTS.possiblyUnblinded}
    </p>
  );
  const settingsAndControls = (
    <>
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
        <MarkdownActions comparison={markdownComparison(chat)} turns={markdownTurns(chat)} fileId={hash} />
        <AnswerViewToggle />
      </div>
    </>
  );
  return (
    <ServerRenderedAnswers chat={chat} html={html}>
      {turns ? (
        // A conversation: what holds for all of it first, then every turn in order (docs/decisions.md, "Share links").
        <>
          <p className="text-body-secondary small mb-2">{CONVERSATION_RECORD_TEXTS.sharedTurns(turns.length)}</p>
          {vote}
          {settingsAndControls}
          {/* By place, not turn number: a regenerated answer repeats its turn's. */}
          {turns.map((turn, index) => (
            <div key={index} className="mt-4">
              <SharedTurn chat={chat} turn={turn} names={names} headingId={`shared-turn-${index + 1}`} />
            </div>
          ))}
        </>
      ) : (
        <SharedTurn chat={chat} turn={{ prompt: chat.prompt, chatGPT: chat.chatGPT, palmAPI: chat.palmAPI }} names={names} afterPrompt={vote}>
          {settingsAndControls}
        </SharedTurn>
      )}
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
