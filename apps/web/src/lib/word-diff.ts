import { similarityFromDiff } from '@promptpair/contract';
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
export function diffAnswers(chatGPT: string, palm: string): { chatGPT: DiffSegment[]; palm: DiffSegment[] } {
  const left: DiffSegment[] = [];
  const right: DiffSegment[] = [];
  for (const change of diffWords(chatGPT, palm)) {
    if (!change.added) left.push({ text: change.value, unique: change.removed });
    if (!change.removed) right.push({ text: change.value, unique: change.added });
  }
  return { chatGPT: left, palm: right };
}

/** How alike the answers are (0..1), from the same diff the boxes highlight. */
export function similarityOf(left: string, right: string): number {
  const { chatGPT, palm } = diffAnswers(left, right);
  return similarityFromDiff(chatGPT, palm);
}
