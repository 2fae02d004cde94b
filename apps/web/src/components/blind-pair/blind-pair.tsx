import { BLIND_TEXTS, type PairNames, type Side, type TBlindAnswer, type TServiceResult, type TVote, type TVoteChoice } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { AnswerPairLayout } from '../answer-pair/answer-pair-layout.tsx';
import { ResultBox } from '../result-box/result-box.tsx';
import { AlertBox } from '../ui/alert-box.tsx';
import { VerdictLine } from '../verdict-line/verdict-line.tsx';
import { revealedTitles } from './blind-labels.ts';
import { BlindAnswerBox } from './blind-answer-box.tsx';
import { VoteBar } from './vote-bar.tsx';

// The two halves of every blind view (a blind comparison, a prompt of a run): the answers before
// the vote, and everything after it.

export interface BlindPairProps {
  /** Null while the answers are not there yet. */
  answerA: TBlindAnswer | null;
  answerB: TBlindAnswer | null;
  busy: boolean;
  /** The server could not save it: no vote is possible, and the page says why instead. */
  unsaved?: boolean;
  voting: boolean;
  /** Without it no vote is offered here (an earlier turn of a conversation, voted on at its last). */
  onVote?: ((choice: TVoteChoice) => void) | undefined;
  /** The vote's question, when the page shows several (e.g. "Which answer to prompt 3 is better?"). */
  voteLegend?: string;
}

/** "Answer A" and "Answer B": their texts, the verdict on what the texts alone show, and the vote. */
export function BlindPair({ answerA, answerB, busy, unsaved = false, voting, onVote, voteLegend }: BlindPairProps) {
  const text = (answer: TBlindAnswer) => (answer.failed ? null : answer.message);
  const failedText = (answer: TBlindAnswer) => (answer.failed ? BLIND_TEXTS.failed : null);
  return (
    <>
      {answerA && answerB && (
        <>
          <VerdictLine
            a={{ label: BLIND_TEXTS.answerA, message: text(answerA), errorMsg: failedText(answerA) }}
            b={{ label: BLIND_TEXTS.answerB, message: text(answerB), errorMsg: failedText(answerB) }}
          />
          {unsaved ? <AlertBox variant="warning">{BLIND_TEXTS.notSaved}</AlertBox> : onVote && <VoteBar onVote={onVote} busy={voting} legend={voteLegend} />}
        </>
      )}
      <AnswerPairLayout
        left={{ title: BLIND_TEXTS.answerA, render: (expand) => <BlindAnswerBox title={BLIND_TEXTS.answerA} answer={answerA} busy={busy} headerActions={expand} /> }}
        right={{ title: BLIND_TEXTS.answerB, render: (expand) => <BlindAnswerBox title={BLIND_TEXTS.answerB} answer={answerB} busy={busy} headerActions={expand} /> }}
      />
    </>
  );
}

export interface RevealedAnswersProps {
  results: Record<Side, TServiceResult>;
  /** The side shown as "Answer A". */
  answerA: Side;
  selfNamed: Record<Side, boolean>;
  ownKey?: boolean;
  /** Each side's name for a pair other than the spec's (service · model); the spec's titles without it. */
  names?: PairNames | undefined;
}

/** The verdict and both answers, each titled with the service it was (one revealed comparison, or one turn of a conversation). */
export function RevealedAnswers({ results, answerA, selfNamed: flags, ownKey = false, names }: RevealedAnswersProps) {
  const titles = revealedTitles(answerA, names);
  const selfNamed = (side: Side) => (flags[side] ? <span className="badge text-bg-warning">{BLIND_TEXTS.selfNamed}</span> : null);
  const box = (position: Side) => {
    const { side, title } = titles[position];
    return { title, render: (expand: ReactNode) => <ResultBox side={side} title={title} sideName={names?.[side]} result={results[side]} headerActions={expand} badge={selfNamed(side)} /> };
  };
  return (
    <>
      <VerdictLine a={{ ...results[titles.a.side], label: titles.a.title }} b={{ ...results[titles.b.side], label: titles.b.title }} ownKey={ownKey} />
      <AnswerPairLayout left={box('a')} right={box('b')} />
    </>
  );
}

export interface RevealedPairProps {
  /** Each side's result (a left, b right). */
  results: Record<Side, TServiceResult>;
  vote: TVote;
  ownKey?: boolean;
  /** Beside the vote's line, e.g. the share button. */
  actions?: ReactNode;
  /** Each side's name for a pair other than the spec's (service · model); the spec's titles without it. */
  names?: PairNames | undefined;
}

/** After the vote: the vote, the verdict and both answers, each titled with the service it was. */
export function RevealedPair({ results, vote, ownKey = false, actions, names }: RevealedPairProps) {
  return (
    <>
      <div className="results-toolbar d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0" role="status">
          Your vote: {BLIND_TEXTS.votedAs[vote.choice]}. {vote.possiblyUnblinded && <strong>{BLIND_TEXTS.possiblyUnblinded}</strong>}
        </p>
        {actions}
      </div>
      <RevealedAnswers results={results} answerA={vote.answerA} selfNamed={vote.selfNamed} ownKey={ownKey} names={names} />
    </>
  );
}
