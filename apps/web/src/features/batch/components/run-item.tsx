import { RUN_RESULTS_TEXTS as T, type PairNames, type TRunItem, type TVoteChoice } from '@promptpair/contract';
import { useId } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { LandmarkScope } from '../../../components/ui/landmark-scope.tsx';
import { BlindPair, RevealedPair } from '../../../components/blind-pair/blind-pair.tsx';

export interface RunItemProps {
  item: TRunItem;
  voting: boolean;
  voteError: string | null;
  onVote: (line: number, choice: TVoteChoice) => void;
  /** Each side's name for a run on a pair other than the spec's (service · model). */
  names?: PairNames | undefined;
}

function ItemBody({ item, voting, onVote, names }: RunItemProps) {
  switch (item.state) {
    case 'pending':
      return <p className="text-body-secondary mb-0">{T.pending}</p>;
    case 'deleted':
      return <p className="text-body-secondary mb-0">{T.deleted}</p>;
    case 'blind':
      return (
        <BlindPair
          answerA={item.answerA}
          answerB={item.answerB}
          busy={false}
          voting={voting}
          onVote={(choice) => onVote(item.line, choice)}
          voteLegend={`Which answer to prompt ${item.line} is better?`}
        />
      );
    case 'revealed':
      // A run's calls are paid with the subscriber's own keys: costs are estimates at list prices.
      return <RevealedPair results={item} vote={item.vote} ownKey names={names} />;
  }
}

/** One prompt of a run: its text, then its answers blind until the vote, or everything after it. */
export function RunItem(props: RunItemProps) {
  const headingId = useId();
  const { item, voteError } = props;
  return (
    <article aria-labelledby={headingId} className="border-top pt-3 mb-4">
      <h3 id={headingId} className="h5">
        {T.prompt(item.line)}
      </h3>
      <p className="run-item__prompt text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>
        {item.prompt}
      </p>
      {voteError !== null && (
        <AlertBox variant="danger" className="py-2">
          {voteError}
        </AlertBox>
      )}
      {/* A page holds several prompts: each one's answers and verdict are named after it. */}
      <LandmarkScope.Provider value={T.prompt(item.line)}>
        <ItemBody {...props} />
      </LandmarkScope.Provider>
    </article>
  );
}
