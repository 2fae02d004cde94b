import { COST_TEXTS, READING_TEXTS, verdictItems, type PairNames, type VerdictSide } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { ScopeInHeading, useScopedName } from '../ui/landmark-scope.tsx';
import { useSimilarity } from './use-similarity.ts';
import './verdict-line.css';

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
 * The verdict's frame: its landmark and heading, both named after the prompt on a page of several.
 * It grows with its text and never scrolls, so nothing in it is cut off or needs focus to be read.
 */
function VerdictFrame({ children }: { children: ReactNode }) {
  return (
    <section className="verdict-line border rounded px-3 py-2 mb-2 small" aria-label={useScopedName(READING_TEXTS.verdict)}>
      <h2 className="h6 mb-1">
        {READING_TEXTS.verdict}
        <ScopeInHeading />
      </h2>
      {children}
    </section>
  );
}

/**
 * The verdict's place before both answers are done: the same room kept, so the answers below do
 * not move when the verdict arrives.
 */
export function VerdictPending() {
  return (
    <VerdictFrame>
      <p className="text-body-secondary mb-0">{READING_TEXTS.verdictPending}</p>
    </VerdictFrame>
  );
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
