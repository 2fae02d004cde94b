import type { Side } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { modelStandings, outcomeFor, tallyVotes, type CastVote } from './scoreboard.ts';

const NAMES: Record<string, string> = { chatgpt: 'ChatGPT', palm: 'Palm API', claude: 'Claude' };
const names = (id: string) => NAMES[id] ?? id;

/** A cast vote; `answer_a` is the side shown as Answer A. */
const vote = (answer_a: Side, choice: string, extra: Partial<CastVote> = {}): CastVote => ({
  answer_a, choice, side_a_answered_model: 'gpt-4o-mini', side_b_answered_model: 'gemini-2.0-flash', side_a_self_named: 0, side_b_self_named: 0,
  run_id: null, run_filename: null, run_created_at: null,
  side_a_service: 'chatgpt', side_a_model: null, side_b_service: 'palm', side_b_model: null, ...extra,
});

describe('scoreboard', () => {
  it('reads a choice through the hidden order', () => {
    expect(outcomeFor('a', 'a', 'a')).toBe('wins');
    expect(outcomeFor('b', 'a', 'a')).toBe('losses');
    expect(outcomeFor('a', 'b', 'a')).toBe('losses');
    expect(outcomeFor('a', 'b', 'b')).toBe('wins');
    expect(outcomeFor('b', 'b', 'tie')).toBe('ties');
    expect(outcomeFor('b', 'a', 'both_bad')).toBe('bothBad');
  });

  it('sums per service, per model pair, overall and per run', () => {
    const board = tallyVotes([
      vote('a', 'a'),
      vote('b', 'a', { side_b_self_named: 1 }),
      vote('b', 'tie', { side_a_answered_model: 'gpt-4o' }),
      vote('a', 'both_bad', { run_id: 'r1', run_filename: 'list.csv', run_created_at: '2026-11-23T10:00:00.000Z' }),
      vote('a', 'b', { run_id: 'r1', run_filename: 'list.csv', run_created_at: '2026-11-23T10:00:00.000Z' }),
    ], names);
    expect(board.overall.votes).toBe(5);
    expect(board.overall.possiblyUnblinded).toBe(1);
    expect(board.overall.byService.chatgpt).toEqual({ wins: 1, losses: 2, ties: 1, bothBad: 1 });
    expect(board.overall.byService.palm).toEqual({ wins: 2, losses: 1, ties: 1, bothBad: 1 });
    expect(board.overall.byModelPair.map((p) => [p.models.a, p.a.wins + p.a.losses + p.a.ties + p.a.bothBad])).toEqual([
      ['gpt-4o', 1],
      ['gpt-4o-mini', 4],
    ]);
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]).toMatchObject({ runId: 'r1', filename: 'list.csv', votes: 2, byService: { palm: { wins: 1, losses: 0, ties: 0, bothBad: 1 } } });
  });

  it('counts per model across every pair, old votes under their models, and rates only from MIN_VOTES_FOR_RATING votes', () => {
    const claudeVsPalm = { side_a_service: 'claude', side_a_model: 'claude-sonnet-4-5', side_a_answered_model: null };
    const votes = [
      // gpt-4o-mini (spec pair, model kept with the vote) beats gemini 3 times, loses once.
      vote('a', 'a'), vote('b', 'b'), vote('a', 'a'), vote('a', 'b'),
      // Claude on side a against the same gemini: wins twice, one tie, one "both bad".
      vote('b', 'b', claudeVsPalm), vote('a', 'a', claudeVsPalm), vote('a', 'tie', claudeVsPalm), vote('b', 'both_bad', claudeVsPalm),
      // A vote whose log is gone (no sides) and whose model was never known counts under the spec's pair.
      vote('a', 'a', { side_a_service: null, side_b_service: null, side_a_answered_model: null, side_a_model: null }),
    ];
    const models = modelStandings(votes, names);
    // The per-service table names the spec's pair: Claude's votes are not ChatGPT's.
    const board = tallyVotes(votes, names).overall;
    expect(board.votes).toBe(9);
    expect(board.byService.chatgpt).toEqual({ wins: 4, losses: 1, ties: 0, bothBad: 0 });
    expect(board.byModelPair.map((p) => p.models.a)).toEqual(['gpt-4o-mini', 'unknown model']);
    expect(models.map((m) => [m.label, m.votes, m.wins, m.losses, m.ties, m.bothBad])).toEqual([
      ['Palm API · gemini-2.0-flash', 9, 1, 6, 1, 1],
      ['ChatGPT · gpt-4o-mini', 4, 3, 1, 0, 0],
      ['Claude · claude-sonnet-4-5', 4, 2, 0, 1, 1],
      ['ChatGPT · unknown model', 1, 1, 0, 0, 0],
    ]);
    // Only gemini has 5 votes; its rating sits below the centre (it lost more than it won).
    expect(models[0]?.rating).toBeLessThan(1000);
    expect(models.slice(1).every((m) => m.rating === null)).toBe(true);
    const rated = modelStandings([...votes, vote('a', 'a')], names);
    expect(rated.slice(0, 2).map((m) => m.label)).toEqual(['ChatGPT · gpt-4o-mini', 'Palm API · gemini-2.0-flash']);
    expect(rated[0]?.rating).toBeGreaterThan(1000);
    expect(rated[2]?.rating).toBeNull();
  });
});
