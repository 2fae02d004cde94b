import { CONVERSATION_TEXTS as T, type Side } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { AnswerPairLayout } from '../../../components/answer-pair/answer-pair-layout.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { LandmarkScope } from '../../../components/ui/landmark-scope.tsx';
import { VerdictLine } from '../../../components/verdict-line/verdict-line.tsx';
import { VerdictPending } from '../../../components/verdict-line/verdict-frame.tsx';
import type { Turn } from '../logic/conversation-state.ts';
import { isInFlight, sideView } from '../logic/stream-state.ts';

interface ConversationTurnProps {
  turn: Turn;
  /** The how-manieth try at this turn's number (regenerating keeps the number). */
  attempt: number;
  titles: Record<Side, string>;
  /** The latest turn shows its boxes full height; earlier ones are compact. */
  latest: boolean;
  ownKey: boolean;
}

/** A side this turn did not ask: its place kept, saying so. */
function NotAsked({ title }: { title: string }) {
  return (
    <div className="card h-100">
      <div className="card-body text-body-secondary small">{T.notAsked(title)}</div>
    </div>
  );
}

/**
 * One follow-up turn: its heading with the choice it was sent with, the message, the verdict when
 * both sides answered, and the two answers with their metrics and cost. Every landmark inside is
 * named after the turn, so a page of turns reads apart.
 */
export function ConversationTurn({ turn, attempt, titles, latest, ownKey }: ConversationTurnProps) {
  const headingId = useId();
  const name = T.turn(turn.number, attempt);
  const { run, choice } = turn;
  const busy = isInFlight(run);
  const views = { a: sideView(run, 'a'), b: sideView(run, 'b') };
  const skipped = (side: Side) => {
    const view = views[side];
    return view.kind === 'final' && view.result.skipped === true;
  };
  const generalPair = run.titles !== undefined;

  let verdict: ReactNode = <VerdictPending />;
  if (!busy && views.a.kind === 'final' && views.b.kind === 'final') {
    verdict = skipped('a') || skipped('b') ? null : <VerdictLine a={{ ...views.a.result, label: titles.a }} b={{ ...views.b.result, label: titles.b }} ownKey={ownKey} />;
  }

  const box = (side: Side, expand: ReactNode) => {
    if (skipped(side)) return <NotAsked title={titles[side]} />;
    const view = views[side];
    return (
      <ResultBox
        side={side}
        {...(generalPair ? { sideName: titles[side] } : {})}
        result={view.kind === 'final' ? view.result : null}
        busy={view.kind === 'waiting'}
        liveText={view.kind === 'writing' ? view.text : undefined}
        headerActions={expand}
      />
    );
  };

  return (
    <LandmarkScope.Provider value={name}>
      <section aria-labelledby={headingId} className={`conversation-turn mt-4${latest ? '' : ' conversation-turn--earlier'}`}>
        <h3 id={headingId} className="h6 mb-1">
          {name}
          {choice && (
            <span className="badge text-bg-secondary ms-2 fw-normal conversation-turn__choice">
              {/* Read as "Turn 3, sent to Claude only", not as one run-on word. */}
              <span className="visually-hidden">, </span>
              {T.choiceMade[choice.kind](titles[choice.side])}
            </span>
          )}
        </h3>
        <p className="conversation-turn__prompt mb-2">
          <span className="fw-semibold">{T.you}:</span> {turn.prompt}
        </p>
        {verdict}
        <AnswerPairLayout
          left={{ title: titles.a, render: (expand) => box('a', expand) }}
          right={{ title: titles.b, render: (expand) => box('b', expand) }}
        />
      </section>
    </LandmarkScope.Provider>
  );
}
