import { COST_TEXTS, verdictItems, type PairNames, type VerdictSide } from '@promptpair/contract';
import { VerdictFrame } from './verdict-frame.tsx';
import { useSimilarity } from './use-similarity.ts';

export { VerdictPending } from './verdict-frame.tsx';

interface VerdictLineProps {
  a: VerdictSide;
  b: VerdictSide;
  /** The visitor sent their own key: their bill may differ from list prices. */
  ownKey?: boolean;
  /**
   * Each side's name for a pair other than the spec's ("Claude · claude-haiku-5-5", the contract's
   * `pairNames`): every sentence names the sides by it instead of the sides' labels.
   */
  names?: PairNames | undefined;
}

/**
 * Which answer started and finished first, which cost less, how long each is and how alike they
 * are, in plain sentences (never colour alone). Shown once both answers are done.
 */
export function VerdictLine({ a, b, ownKey = false, names }: VerdictLineProps) {
  const bothText = a.errorMsg === null && b.errorMsg === null;
  const similarity = useSimilarity(bothText ? a.message : null, bothText ? b.message : null);
  const items = verdictItems({ ...a, label: names?.a ?? a.label }, { ...b, label: names?.b ?? b.label }, similarity);
  const hasCost = items.some((item) => item.key === 'cost');
  return (
    <VerdictFrame>
      <ul className="verdict-line__items mb-0">
        {items.map((item) => (
          <li key={item.key} data-verdict={item.key}>
            {item.text}
          </li>
        ))}
      </ul>
      {hasCost && ownKey && <p className="text-body-secondary mb-0 mt-1">{COST_TEXTS.estimateOwnKey}</p>}
    </VerdictFrame>
  );
}
