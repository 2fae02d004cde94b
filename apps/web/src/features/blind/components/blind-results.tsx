import { BLIND_TEXTS } from '@promptpair/contract';
import { AnswerPairLayout } from '../../../components/answer-pair/answer-pair-layout.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { ShareButton } from '../../comparison/components/share-button.tsx';
import { VerdictLine } from '../../comparison/components/verdict-line.tsx';
import type { BlindRun } from '../hooks/use-blind-run.ts';
import { revealedTitles } from '../logic/blind-labels.ts';
import { BlindAnswerBox } from './blind-answer-box.tsx';
import { VoteBar } from './vote-bar.tsx';

/**
 * A blind comparison: before the vote, "Answer A" and "Answer B" with their texts, the verdict
 * on what the texts alone show, and the vote; after it, everything, named.
 */
export function BlindResults({ run, ownKey }: { run: BlindRun; ownKey: boolean }) {
  const { blind, reveal, inFlight } = run;
  if (reveal && !inFlight) {
    const titles = revealedTitles(reveal.vote.answerA);
    const selfNamed = (service: 'chatGPT' | 'palmAPI') =>
      reveal.vote.selfNamed[service] ? <span className="badge text-bg-warning">{BLIND_TEXTS.selfNamed}</span> : null;
    return (
      <section aria-label="Results" className="mt-4">
        <div className="results-toolbar d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <p className="mb-0" role="status">
            Your vote: {BLIND_TEXTS.votedAs[reveal.vote.choice]}.{' '}
            {reveal.vote.possiblyUnblinded && <strong>{BLIND_TEXTS.possiblyUnblinded}</strong>}
          </p>
          <ShareButton logId={reveal.logId} />
        </div>
        <VerdictLine a={{ ...reveal[titles.a.service], label: titles.a.title }} b={{ ...reveal[titles.b.service], label: titles.b.title }} ownKey={ownKey} />
        <AnswerPairLayout
          left={{ title: titles.a.title, render: (expand) => <ResultBox service={titles.a.service} title={titles.a.title} result={reveal[titles.a.service]} headerActions={expand} badge={selfNamed(titles.a.service)} /> }}
          right={{ title: titles.b.title, render: (expand) => <ResultBox service={titles.b.service} title={titles.b.title} result={reveal[titles.b.service]} headerActions={expand} badge={selfNamed(titles.b.service)} /> }}
        />
      </section>
    );
  }
  const answerA = inFlight ? null : (blind?.answerA ?? null);
  const answerB = inFlight ? null : (blind?.answerB ?? null);
  const text = (answer: typeof answerA) => (answer && !answer.failed ? answer.message : null);
  const failedText = (answer: typeof answerA) => (answer?.failed ? BLIND_TEXTS.failed : null);
  return (
    <section aria-label="Results" className="mt-4">
      {answerA && answerB && (
        <>
          <VerdictLine
            a={{ label: BLIND_TEXTS.answerA, message: text(answerA), errorMsg: failedText(answerA) }}
            b={{ label: BLIND_TEXTS.answerB, message: text(answerB), errorMsg: failedText(answerB) }}
          />
          <VoteBar onVote={(choice) => void run.vote(choice)} busy={run.voting} />
        </>
      )}
      <AnswerPairLayout
        left={{ title: BLIND_TEXTS.answerA, render: (expand) => <BlindAnswerBox title={BLIND_TEXTS.answerA} answer={answerA} busy={inFlight} headerActions={expand} /> }}
        right={{ title: BLIND_TEXTS.answerB, render: (expand) => <BlindAnswerBox title={BLIND_TEXTS.answerB} answer={answerB} busy={inFlight} headerActions={expand} /> }}
      />
    </section>
  );
}
