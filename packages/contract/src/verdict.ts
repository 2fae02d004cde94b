// The verdict line: plain sentences comparing two finished answers. Pure, so the page,
// the prompt-list results and their downloads say the same thing from the same rules.
import { formatCost } from './cost.ts';
import type { Side } from './sides.ts';

export type VerdictWinner = Side | 'tie';

/** What the verdict reads of one answer; metrics are null or absent when unknown or hidden (blind mode). */
export interface VerdictSide {
  label: string;
  message: string | null;
  errorMsg: string | null;
  elapsedTime?: number | null;
  timeToFirstToken?: number | null;
  cost?: number | null;
}

export type VerdictItemKey = 'answered' | 'start' | 'finish' | 'cost' | 'length' | 'similarity';

export interface VerdictItem {
  key: VerdictItemKey;
  /** Which side the sentence favours, when it favours one. */
  winner?: VerdictWinner;
  text: string;
}

/** Differences below these count as a tie: timers and list prices are not more precise than that. */
export const VERDICT_TIE = { seconds: 0.05, dollars: 0.000001 } as const;

export function countWords(text: string | null): number {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** One run of words of a word diff: shared by both answers or unique to this one. */
export interface SimilaritySegment {
  text: string;
  unique: boolean;
}

/**
 * How alike two answers are, 0..1, from the word diff the page shows: the words both share,
 * over all words of both (so two identical answers are 1 and two disjoint ones 0).
 */
export function similarityFromDiff(left: readonly SimilaritySegment[], right: readonly SimilaritySegment[]): number {
  const words = (segments: readonly SimilaritySegment[], shared: boolean) =>
    segments.filter((s) => !s.unique || !shared).reduce((sum, s) => sum + countWords(s.text), 0);
  const total = words(left, false) + words(right, false);
  if (total === 0) return 1;
  return (words(left, true) + words(right, true)) / total;
}

const seconds = (value: number) => `${value.toFixed(2)} s`;

function compare(a: number, b: number, tie: number): VerdictWinner {
  if (Math.abs(a - b) < tie) return 'tie';
  return a < b ? 'a' : 'b';
}

function lowerIsBetter(
  key: 'start' | 'finish' | 'cost',
  a: VerdictSide,
  b: VerdictSide,
  valueA: number,
  valueB: number,
  words: { tie: string; win: string; unit: (v: number) => string; tolerance: number },
): VerdictItem {
  const winner = compare(valueA, valueB, words.tolerance);
  if (winner === 'tie') return { key, winner, text: `Both ${words.tie} (${words.unit(valueA)} and ${words.unit(valueB)}).` };
  const [first, second, v1, v2] = winner === 'a' ? [a, b, valueA, valueB] : [b, a, valueB, valueA];
  return { key, winner, text: `${first.label} ${words.win} (${words.unit(v1)} against ${words.unit(v2)} for ${second.label}).` };
}

/**
 * The verdict's sentences, in order: start, finish, cost, length, similarity. A comparison that
 * a metric cannot settle says so instead of guessing (an unknown price is never read as 0).
 * `similarity` is from similarityFromDiff, or null while the diff is not ready.
 */
export function verdictItems(a: VerdictSide, b: VerdictSide, similarity: number | null): VerdictItem[] {
  const aOk = a.errorMsg === null && a.message !== null;
  const bOk = b.errorMsg === null && b.message !== null;
  if (!aOk || !bOk) {
    if (!aOk && !bOk) return [{ key: 'answered', text: 'Neither service answered.' }];
    const [ok, failed] = aOk ? [a, b] : [b, a];
    return [{ key: 'answered', winner: aOk ? 'a' : 'b', text: `Only ${ok.label} answered; ${failed.label} failed.` }];
  }
  const items: VerdictItem[] = [];
  if (typeof a.timeToFirstToken === 'number' && typeof b.timeToFirstToken === 'number') {
    items.push(lowerIsBetter('start', a, b, a.timeToFirstToken, b.timeToFirstToken, { tie: 'started at about the same time', win: 'started first', unit: seconds, tolerance: VERDICT_TIE.seconds }));
  }
  if (typeof a.elapsedTime === 'number' && typeof b.elapsedTime === 'number') {
    items.push(lowerIsBetter('finish', a, b, a.elapsedTime, b.elapsedTime, { tie: 'finished at about the same time', win: 'finished first', unit: seconds, tolerance: VERDICT_TIE.seconds }));
  }
  if (a.cost !== undefined && b.cost !== undefined) {
    if (typeof a.cost === 'number' && typeof b.cost === 'number') {
      items.push(lowerIsBetter('cost', a, b, a.cost, b.cost, { tie: 'cost the same', win: 'cost less', unit: formatCost, tolerance: VERDICT_TIE.dollars }));
    } else {
      const unknown = [a, b].filter((side) => typeof side.cost !== 'number').map((side) => side.label);
      items.push({ key: 'cost', text: `Cost cannot be compared: price unknown for ${unknown.join(' and ')}.` });
    }
  }
  const wordsA = countWords(a.message);
  const wordsB = countWords(b.message);
  items.push({ key: 'length', text: `${a.label}: ${wordsA} ${wordsA === 1 ? 'word' : 'words'}; ${b.label}: ${wordsB} ${wordsB === 1 ? 'word' : 'words'}.` });
  if (similarity !== null) items.push({ key: 'similarity', text: `The answers share ${Math.round(similarity * 100)}% of their words.` });
  return items;
}

/** The verdict's facts as columns, for prompt-list results and downloads (sides named by service). */
export interface VerdictFields {
  fasterStart: VerdictWinner | null;
  fasterFinish: VerdictWinner | null;
  cheaper: VerdictWinner | null;
  wordsA: number | null;
  wordsB: number | null;
  similarity: number | null;
}

export function verdictFields(a: VerdictSide, b: VerdictSide, similarity: number | null): VerdictFields {
  const items = verdictItems(a, b, similarity);
  const winnerOf = (key: VerdictItemKey) => items.find((item) => item.key === key)?.winner ?? null;
  const bothAnswered = !items.some((item) => item.key === 'answered');
  return {
    fasterStart: winnerOf('start'),
    fasterFinish: winnerOf('finish'),
    cheaper: winnerOf('cost'),
    wordsA: bothAnswered ? countWords(a.message) : null,
    wordsB: bothAnswered ? countWords(b.message) : null,
    similarity: bothAnswered && similarity !== null ? Math.round(similarity * 1000) / 1000 : null,
  };
}
