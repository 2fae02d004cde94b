import type { BlindRun } from '../hooks/use-blind-run.ts';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { BlindPair, RevealedPair } from '../../../components/blind-pair/blind-pair.tsx';

/**
 * A blind comparison: before the vote, "Answer A" and "Answer B" with their texts, the verdict
 * on what the texts alone show, and the vote; after it, everything, named.
 */
export function BlindResults({ run, ownKey }: { run: BlindRun; ownKey: boolean }) {
  const { blind, reveal, inFlight } = run;
  if (reveal && !inFlight) {
    return (
      <section aria-label="Results" className="mt-4">
        <RevealedPair results={reveal} vote={reveal.vote} ownKey={ownKey} actions={<ShareButton logId={reveal.logId} />} />
      </section>
    );
  }
  return (
    <section aria-label="Results" className="mt-4">
      <BlindPair
        answerA={inFlight ? null : (blind?.answerA ?? null)}
        answerB={inFlight ? null : (blind?.answerB ?? null)}
        busy={inFlight}
        unsaved={!inFlight && blind?.unsaved === true}
        voting={run.voting}
        onVote={(choice) => void run.vote(choice)}
      />
    </section>
  );
}
