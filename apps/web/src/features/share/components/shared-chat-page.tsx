import { BLIND_TEXTS, CONVERSATION_RECORD_TEXTS, MESSAGES, PAGE_ROUTES, SIDES, type PairNames, type Side, type TSharedChat } from '@promptpair/contract';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PrerenderedAnswers } from '../../../components/answer/answer-text.tsx';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { PrerenderedAnswer } from '../../../components/answer/prerendered-answer.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { VerdictLine } from '../../../components/verdict-line/verdict-line.tsx';
import { sharedChatView, type SharedTurnView, type SharedView } from '../api/shared-chat-view.ts';
import { useSharedChat } from '../hooks/use-shared-chat.ts';
import { SentSettings } from './sent-settings.tsx';

/** Shows each message (of every turn) as the server rendered it; any other text renders in the browser. */
function ServerRenderedAnswers({ view, children }: { view: SharedView; children: ReactNode }) {
  const rendered = useMemo(() => {
    const byText = new Map<string, string>();
    for (const turn of [view.latest, ...(view.turns ?? [])]) {
      for (const side of SIDES) {
        const { message } = turn.results[side];
        const html = turn.html[side];
        if (message !== null && html) byText.set(message, html);
      }
    }
    return byText;
  }, [view]);
  const render = useCallback((text: string): ReactNode => {
    const ahead = rendered.get(text);
    return ahead ? <PrerenderedAnswer html={ahead} /> : null;
  }, [rendered]);
  return <PrerenderedAnswers.Provider value={render}>{children}</PrerenderedAnswers.Provider>;
}

/** Both sides of one comparison for the Markdown copy, in the contract's shape: settings absent from older records read as "not kept". */
function markdownSides(view: SharedView, results: SharedTurnView['results']) {
  const side = (side: Side) => ({ result: results[side], settings: view.settings ? view.settings[side] : undefined });
  return { a: side('a'), b: side('b') };
}

/** The shared comparison for the Markdown copy. */
function markdownComparison(chat: TSharedChat, view: SharedView) {
  return {
    // A pair other than the spec's is named by each side's service and model.
    ...(view.namedSides ? { names: view.names } : {}),
    prompt: view.latest.prompt ?? '',
    createdAt: view.latest.createdAt ?? null,
    ...markdownSides(view, view.latest.results),
    vote: chat.vote ?? null,
  };
}

/** A conversation's turns for the Markdown copy: each with the conversation's names and settings (a conversation keeps its first turn's). */
function markdownTurns(chat: TSharedChat, view: SharedView) {
  const shared = markdownComparison(chat, view);
  return view.turns?.map((turn) => ({
    ...shared,
    turn: turn.turn,
    note: choiceNote(turn.choice, view.names),
    prompt: turn.prompt ?? '',
    createdAt: turn.createdAt ?? null,
    ...markdownSides(view, turn.results),
    vote: null,
  }));
}

/** What the visitor chose for a turn, in words naming the side; undefined for a plain turn. */
function choiceNote(choice: SharedTurnView['choice'], names: PairNames): string | undefined {
  return choice && CONVERSATION_RECORD_TEXTS.choice(choice.kind, names[choice.side]);
}

interface SharedTurnProps {
  view: SharedView;
  /** The prompt (none for a record without one), both results and, in a conversation, the turn's number. */
  turn: SharedTurnView;
  /** The prompt heading's id, unique on the page. */
  headingId?: string;
  /** Between the prompt and the verdict (the blind vote of a single comparison). */
  afterPrompt?: ReactNode;
  /** Between the verdict and the answers (a single comparison's settings and controls). */
  children?: ReactNode;
}

/** One comparison's prompt, verdict and both answers read-only: the shared comparison, or a turn of a conversation. */
function SharedTurn({ view, turn, headingId = 'shared-prompt', afterPrompt, children }: SharedTurnProps) {
  const { names } = view;
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
      <VerdictLine a={{ ...turn.results.a, label: names.a }} b={{ ...turn.results.b, label: names.b }} />
      {children}
      <div className="row g-3">
        {SIDES.map((side) => (
          <div key={side} className="col-md-6">
            {turn.results[side].skipped ? (
              // A follow-up sent to the other side only: nothing was asked of this one.
              <section className="result-box card h-100" aria-label={`${names[side]} answer`}>
                <h2 className="h6 mb-0 card-header">{names[side]}</h2>
                <p className="card-body text-body-secondary fst-italic mb-0">{CONVERSATION_RECORD_TEXTS.notAsked}</p>
              </section>
            ) : (
              <ResultBox side={side} result={turn.results[side]} sideName={view.namedSides ? names[side] : undefined} />
            )}
          </div>
        ))}
      </div>
    </>
  );
}

function SharedChat({ hash }: { hash: string }) {
  const state = useSharedChat(hash);
  const view = useMemo(() => (state.status === 'ready' ? sharedChatView(state.chat, state.html) : null), [state]);
  // As tall as a screen while loading, so the footer starts below the fold and the answers arriving
  // do not push it (a layout shift).
  if (state.status === 'loading') return <p className="text-body-secondary min-vh-100">{MESSAGES.loading}</p>;
  // docs/product.md §4: a failed fetch shows empty content; the note only says why the page is blank.
  if (state.status === 'failed' || view === null) return <p className="text-body-secondary small">{MESSAGES.sharedNotFound}</p>;
  const { chat } = state;
  const { names, settings: sent, turns } = view;
  const vote = chat.vote && (
    <p className="mb-2">
      Blind vote: {BLIND_TEXTS.votedAs[chat.vote.choice]} (Answer A was {view.answerAName}).{' '}
      {chat.vote.possiblyUnblinded && BLIND_TEXTS.possiblyUnblinded}
    </p>
  );
  const settingsAndControls = (
    <>
      {sent && (
        <div className="row g-3 mb-2">
          <div className="col-md-6">
            <SentSettings title={names.a} settings={sent.a} />
          </div>
          <div className="col-md-6">
            <SentSettings title={names.b} settings={sent.b} />
          </div>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <MarkdownActions comparison={markdownComparison(chat, view)} turns={markdownTurns(chat, view)} fileId={hash} />
        <AnswerViewToggle />
      </div>
    </>
  );
  return (
    <ServerRenderedAnswers view={view}>
      {turns ? (
        // A conversation: what holds for all of it first, then every turn in order (docs/decisions.md, "Share links").
        <>
          <p className="text-body-secondary small mb-2">{CONVERSATION_RECORD_TEXTS.sharedTurns(turns.length)}</p>
          {vote}
          {settingsAndControls}
          {/* By place, not turn number: a regenerated answer repeats its turn's. */}
          {turns.map((turn, index) => (
            <div key={index} className="mt-4">
              <SharedTurn view={view} turn={turn} headingId={`shared-turn-${index + 1}`} />
            </div>
          ))}
        </>
      ) : (
        <SharedTurn view={view} turn={view.latest} afterPrompt={vote}>
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
