import { similarityFromDiff, type Side } from '@promptpair/contract';
import { diffWords } from 'diff';

export interface DiffSegment {
  text: string;
  /** True when this run of words appears only in this answer, not in the other one. */
  unique: boolean;
}

/**
 * Splits both answers into runs shared by both and runs unique to one side, word by word.
 * Each side gets its own list so each result box can highlight its own words in place.
 */
export function diffAnswers(left: string, right: string): Record<Side, DiffSegment[]> {
  const a: DiffSegment[] = [];
  const b: DiffSegment[] = [];
  for (const change of diffWords(left, right)) {
    if (!change.added) a.push({ text: change.value, unique: change.removed });
    if (!change.removed) b.push({ text: change.value, unique: change.added });
  }
  return { a, b };
}

/** How alike the answers are (0..1), from the same diff the boxes highlight. */
export function similarityOf(left: string, right: string): number {
  const { a, b } = diffAnswers(left, right);
  return similarityFromDiff(a, b);
}
