import {
  MIN_VOTES_FOR_RATING,
  SIDES,
  SPEC_PAIR,
  type Side,
  type TModelStanding,
  type TPairTally,
  type TScoreboard,
  type TScoreboardSection,
  type TTally,
  type TVoteChoice,
} from '@promptpair/contract';
import { bradleyTerryRatings, type PairResult } from './rating.ts';

/** A cast vote as the scoreboard reads it. */
export interface CastVote {
  answer_a: string;
  choice: string | null;
  side_a_answered_model: string | null;
  side_b_answered_model: string | null;
  side_a_self_named: number;
  side_b_self_named: number;
  run_id: string | null;
  run_filename: string | null;
  run_created_at: string | null;
  /**
   * The log's sides (migration 011), answer_a naming the one shown as A. Null when
   * the log is gone; the vote then counts under the spec's pair, which every vote before it was.
   */
  side_a_service: string | null;
  side_a_model: string | null;
  side_b_service: string | null;
  side_b_model: string | null;
}

/** A service's display name by its id; the id itself for one no longer configured. */
export type ServiceNames = (serviceId: string) => string;

const UNKNOWN_MODEL = 'unknown model';

const emptyTally = (): TTally => ({ wins: 0, losses: 0, ties: 0, bothBad: 0 });

/** What a choice means for one side, given which side was shown as A. */
export function outcomeFor(side: Side, shownA: Side, choice: TVoteChoice): keyof TTally {
  if (choice === 'tie') return 'ties';
  if (choice === 'both_bad') return 'bothBad';
  const wasA = side === shownA;
  return (choice === 'a') === wasA ? 'wins' : 'losses';
}

/**
 * Each side's model as voted: the model that answered (kept with the vote), else the one the log
 * asked for, so a spec-pair vote counts under the models its records name.
 */
function sideModels(vote: CastVote): Record<Side, { serviceId: string; model: string }> {
  return {
    a: { serviceId: vote.side_a_service ?? SPEC_PAIR.a.service, model: vote.side_a_answered_model ?? vote.side_a_model ?? UNKNOWN_MODEL },
    b: { serviceId: vote.side_b_service ?? SPEC_PAIR.b.service, model: vote.side_b_answered_model ?? vote.side_b_model ?? UNKNOWN_MODEL },
  };
}

const standingKey = (serviceId: string, model: string) => JSON.stringify([serviceId, model]);

/** Per model across every pair, ranked by Bradley–Terry rating once a model has enough votes. */
export function modelStandings(votes: readonly CastVote[], names: ServiceNames): TModelStanding[] {
  const standings = new Map<string, TModelStanding>();
  const results: PairResult[] = [];
  for (const vote of votes) {
    const choice = vote.choice as TVoteChoice;
    const shownA = vote.answer_a as Side;
    const sides = sideModels(vote);
    for (const side of SIDES) {
      const { serviceId, model } = sides[side];
      const key = standingKey(serviceId, model);
      const serviceName = names(serviceId);
      const standing = standings.get(key) ?? { serviceId, serviceName, model, label: `${serviceName} · ${model}`, votes: 0, wins: 0, losses: 0, ties: 0, bothBad: 0, rating: null };
      standing.votes += 1;
      standing[outcomeFor(side, shownA, choice)] += 1;
      standings.set(key, standing);
    }
    const outcome = outcomeFor('a', shownA, choice);
    results.push({
      first: standingKey(sides.a.serviceId, sides.a.model),
      second: standingKey(sides.b.serviceId, sides.b.model),
      score: outcome === 'wins' ? 1 : outcome === 'losses' ? 0 : 0.5,
    });
  }
  const ratings = bradleyTerryRatings(results);
  for (const [key, standing] of standings) {
    const rating = ratings.get(key);
    standing.rating = standing.votes >= MIN_VOTES_FOR_RATING && rating !== undefined ? Math.round(rating) : null;
  }
  return [...standings.values()].sort(
    (x, y) => (y.rating ?? -Infinity) - (x.rating ?? -Infinity) || y.votes - x.votes || y.wins - x.wins || x.label.localeCompare(y.label),
  );
}

/** ChatGPT on side a and Palm API on side b, as every vote before general pairs was. */
const isSpecPair = (vote: CastVote) => (vote.side_a_service ?? SPEC_PAIR.a.service) === SPEC_PAIR.a.service && (vote.side_b_service ?? SPEC_PAIR.b.service) === SPEC_PAIR.b.service;

function section(votes: readonly CastVote[], names: ServiceNames): TScoreboardSection {
  const byService = { [SPEC_PAIR.a.service]: emptyTally(), [SPEC_PAIR.b.service]: emptyTally() };
  const pairs = new Map<string, TPairTally>();
  let possiblyUnblinded = 0;
  for (const vote of votes) {
    const choice = vote.choice as TVoteChoice;
    const shownA = vote.answer_a as Side;
    if (vote.side_a_self_named || vote.side_b_self_named) possiblyUnblinded += 1;
    // The per-service and per-pair tables name the spec's two services; another pair is in `models` only.
    if (!isSpecPair(vote)) continue;
    const models = { a: vote.side_a_answered_model ?? UNKNOWN_MODEL, b: vote.side_b_answered_model ?? UNKNOWN_MODEL };
    const key = JSON.stringify([models.a, models.b]);
    const pair = pairs.get(key) ?? { models, a: emptyTally(), b: emptyTally() };
    pairs.set(key, pair);
    // The tables are the spec's pair's: side a is ChatGPT's, side b Palm API's.
    for (const side of SIDES) {
      const outcome = outcomeFor(side, shownA, choice);
      byService[SPEC_PAIR[side].service][outcome] += 1;
      pair[side][outcome] += 1;
    }
  }
  const byModelPair = [...pairs.values()].sort((x, y) => x.models.a.localeCompare(y.models.a) || x.models.b.localeCompare(y.models.b));
  return { votes: votes.length, possiblyUnblinded, byService, byModelPair, models: modelStandings(votes, names) };
}

/** Sums a visitor's votes over everything and per prompt-list run (newest run first). */
export function tallyVotes(votes: readonly CastVote[], names: ServiceNames): TScoreboard {
  const runs = new Map<string, CastVote[]>();
  for (const vote of votes) {
    if (vote.run_id === null) continue;
    runs.set(vote.run_id, [...(runs.get(vote.run_id) ?? []), vote]);
  }
  return {
    overall: section(votes, names),
    runs: [...runs.entries()]
      .map(([runId, runVotes]) => ({ runId, filename: runVotes[0]?.run_filename ?? '', createdAt: runVotes[0]?.run_created_at ?? '', ...section(runVotes, names) }))
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt)),
  };
}
