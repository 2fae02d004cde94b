import { pairNames } from '@promptpair/contract';
import { sentSettings } from '../../../lib/sent-settings.ts';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import type { BlindRun } from '../hooks/use-blind-run.ts';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { BlindPair, RevealedPair } from '../../../components/blind-pair/blind-pair.tsx';

/**
 * A blind comparison: before the vote, "Answer A" and "Answer B" with their texts, the verdict
 * on what the texts alone show, and the vote; after it, everything, named.
 */
export function BlindResults({ run, ownKey }: { run: BlindRun; ownKey: boolean }) {
  const { blind, reveal, sent, inFlight } = run;
  if (reveal && !inFlight) {
    // A pair other than the spec's is named by each side's service and model once revealed.
    const names = reveal.sides ? pairNames(reveal.sides) : undefined;
    // Only now, with the vote in, may a copy name the services.
    const settings = sent && sentSettings(sent);
    const comparison = sent && {
      prompt: sent.prompt,
      chatGPT: { result: reveal.chatGPT, settings: settings?.chatGPT ?? null },
      palmAPI: { result: reveal.palmAPI, settings: settings?.palmAPI ?? null },
      vote: reveal.vote,
      ownKey,
      ...(names ? { names } : {}),
    };
    const actions = (
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        {comparison && <MarkdownActions comparison={comparison} fileId={reveal.logId} />}
        <ShareButton logId={reveal.logId} />
      </span>
    );
    return (
      <section aria-label="Results" className="mt-4">
        <RevealedPair results={reveal} vote={reveal.vote} ownKey={ownKey} actions={actions} names={names} />
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
