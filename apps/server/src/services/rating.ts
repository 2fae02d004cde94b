// Ratings from pairwise votes: Bradley–Terry strengths fitted by the minorisation–maximisation
// iteration (docs/decisions.md, "Per-model scoreboard"). A tie or "both bad" is half a win to each
// side; every pair that met also gets one virtual tie, so a model that never won still has a finite,
// ordered strength and a single vote cannot send a rating to infinity.

/** One compared pair's outcome: 1 = first won, 0 = second won, 0.5 = neither was preferred. */
export interface PairResult {
  first: string;
  second: string;
  score: 1 | 0 | 0.5;
}

/** Ratings on the familiar Elo-like scale: 400 points are ten-to-one odds, the average is 1000. */
export const RATING_CENTRE = 1000;
export const RATING_SCALE = 400;
const VIRTUAL_TIES_PER_PAIR = 1;
/** A long chain of models converges slowly; the cap bounds a request's work (ratings are shown rounded). */
const MAX_ITERATIONS = 5_000;
const TOLERANCE = 1e-9;

const pairKey = (x: string, y: string) => (x < y ? JSON.stringify([x, y]) : JSON.stringify([y, x]));

/** Each contender's rating; the strengths' geometric mean is RATING_CENTRE. */
export function bradleyTerryRatings(results: readonly PairResult[]): Map<string, number> {
  const wins = new Map<string, number>();
  const games = new Map<string, number>(); // per unordered pair
  const opponents = new Map<string, Set<string>>();
  const meet = (x: string, y: string) => {
    opponents.set(x, (opponents.get(x) ?? new Set()).add(y));
    opponents.set(y, (opponents.get(y) ?? new Set()).add(x));
  };
  for (const { first, second, score } of results) {
    if (first === second) continue; // the same model on both sides tells nothing about it
    const key = pairKey(first, second);
    if (!games.has(key)) {
      games.set(key, VIRTUAL_TIES_PER_PAIR);
      for (const model of [first, second]) wins.set(model, (wins.get(model) ?? 0) + VIRTUAL_TIES_PER_PAIR / 2);
      meet(first, second);
    }
    games.set(key, (games.get(key) ?? 0) + 1);
    wins.set(first, (wins.get(first) ?? 0) + score);
    wins.set(second, (wins.get(second) ?? 0) + (1 - score));
  }
  const models = [...opponents.keys()];
  let strength = new Map(models.map((model) => [model, 1]));
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const next = new Map<string, number>();
    for (const model of models) {
      let denominator = 0;
      for (const other of opponents.get(model) ?? []) {
        denominator += (games.get(pairKey(model, other)) ?? 0) / ((strength.get(model) ?? 1) + (strength.get(other) ?? 1));
      }
      next.set(model, (wins.get(model) ?? 0) / denominator);
    }
    const logMean = models.reduce((sum, model) => sum + Math.log(next.get(model) ?? 1), 0) / models.length;
    let change = 0;
    for (const model of models) {
      const normalised = (next.get(model) ?? 1) / Math.exp(logMean);
      change = Math.max(change, Math.abs(normalised - (strength.get(model) ?? 1)));
      next.set(model, normalised);
    }
    strength = next;
    if (change < TOLERANCE) break;
  }
  return new Map(models.map((model) => [model, RATING_CENTRE + RATING_SCALE * Math.log10(strength.get(model) ?? 1)]));
}
