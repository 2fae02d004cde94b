// Per-prompt verdict fields and the per-run summary of a prompt-list run, from the
// same rules as the page's verdict line (contract verdict.ts).
import { bySides, RESULT_KEY_OF_SIDE, similarityFromDiff, SPEC_PAIR_NAMES, sumCosts, verdictFields, type Side, type TBatchSummary, type TLogServiceData, type VerdictFields, type VerdictWinner } from '@promptpair/contract';
import { diffWords } from 'diff';

/** Similarity of two answers from a word diff, as the page computes it for the verdict line. */
export function answerSimilarity(left: string, right: string): number {
  const a: { text: string; unique: boolean }[] = [];
  const b: { text: string; unique: boolean }[] = [];
  for (const change of diffWords(left, right)) {
    if (!change.added) a.push({ text: change.value, unique: change.removed });
    if (!change.removed) b.push({ text: change.value, unique: change.added });
  }
  return similarityFromDiff(a, b);
}

const asSide = (label: string, side: TLogServiceData | null) => ({
  label,
  message: side?.message ?? null,
  errorMsg: side ? (side.errorMsg ?? null) : 'not logged',
  elapsedTime: side?.elapsedTime ?? null,
  timeToFirstToken: side?.timeToFirstToken ?? null,
  cost: side?.cost ?? null,
});

/** One prompt's logged answers: side a's and side b's, null where not logged. */
export type PromptSides = Record<Side, TLogServiceData | null>;

const verdictOf = ({ a, b }: PromptSides, similarity: number | null) => verdictFields(asSide(SPEC_PAIR_NAMES.a, a), asSide(SPEC_PAIR_NAMES.b, b), similarity);

/** The verdict of one prompt, by side. */
export function promptVerdict(sides: PromptSides): VerdictFields {
  const { a, b } = sides;
  const bothText = a?.message != null && b?.message != null && !a.errorMsg && !b.errorMsg;
  return verdictOf(sides, bothText ? answerSimilarity(a.message!, b.message!) : null);
}

/**
 * 'a' / 'b' as the service they stand for, for columns a reader understands; a run on a pair other
 * than the spec's names them `side_a` / `side_b`, which its side columns name by service and model.
 */
export const winnerName = (winner: VerdictWinner | null, general = false): string =>
  winner === null ? '' : winner === 'tie' ? 'tie' : general ? `side_${winner}` : RESULT_KEY_OF_SIDE[winner];

export const VERDICT_COLUMNS = ['faster_start', 'faster_finish', 'cheaper', 'chatgpt_words', 'palm_words', 'similarity'];
export const verdictCells = (v: VerdictFields, general = false) => [
  winnerName(v.fasterStart, general),
  winnerName(v.fasterFinish, general),
  winnerName(v.cheaper, general),
  v.wordsA ?? '',
  v.wordsB ?? '',
  v.similarity ?? '',
];

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 1000) / 1000;
}

/** Sums a run's finished prompts, by side. Only answers that succeeded count towards the median time. */
export function summarizeRun(prompts: readonly PromptSides[]): TBatchSummary {
  const tally = () => ({ sides: { a: 0, b: 0 }, ties: 0, undecided: 0 });
  const faster = tally();
  const cheaper = tally();
  const count = (into: ReturnType<typeof tally>, winner: VerdictWinner | null) => {
    if (winner === 'a' || winner === 'b') into.sides[winner] += 1;
    else if (winner === 'tie') into.ties += 1;
    else into.undecided += 1;
  };
  for (const sides of prompts) {
    const v = verdictOf(sides, null);
    count(faster, v.fasterFinish);
    count(cheaper, v.cheaper);
  }
  const answered = (side: TLogServiceData | null): side is TLogServiceData => side !== null && !side.errorMsg && side.message !== null;
  const logged = (side: Side) => prompts.map((p) => p[side]);
  const summed = ({ sides, ties, undecided }: ReturnType<typeof tally>) => ({ ...sides, ties, undecided });
  return {
    prompts: prompts.length,
    cost: bySides((side) => sumCosts(logged(side).filter((s) => s !== null).map((s) => s.cost))),
    medianSeconds: bySides((side) => median(logged(side).filter(answered).map((s) => s.elapsedTime))),
    faster: summed(faster),
    cheaper: summed(cheaper),
  };
}
