import { describe, expect, it } from 'vitest';
import { outcomeFor, tallyVotes, type CastVote } from './scoreboard.ts';

const vote = (answer_a: string, choice: string, extra: Partial<CastVote> = {}): CastVote => ({
  answer_a, choice, chatgpt_model: 'gpt-4o-mini', palm_model: 'gemini-2.0-flash', chatgpt_self_named: 0, palm_self_named: 0,
  run_id: null, run_filename: null, run_created_at: null, ...extra,
});

describe('scoreboard', () => {
  it('reads a choice through the hidden order', () => {
    expect(outcomeFor('chatGPT', 'chatGPT', 'a')).toBe('wins');
    expect(outcomeFor('palmAPI', 'chatGPT', 'a')).toBe('losses');
    expect(outcomeFor('chatGPT', 'palmAPI', 'a')).toBe('losses');
    expect(outcomeFor('chatGPT', 'palmAPI', 'b')).toBe('wins');
    expect(outcomeFor('palmAPI', 'palmAPI', 'tie')).toBe('ties');
    expect(outcomeFor('palmAPI', 'chatGPT', 'both_bad')).toBe('bothBad');
  });

  it('sums per service, per model pair, overall and per run', () => {
    const board = tallyVotes([
      vote('chatGPT', 'a'),
      vote('palmAPI', 'a', { palm_self_named: 1 }),
      vote('palmAPI', 'tie', { chatgpt_model: 'gpt-4o' }),
      vote('chatGPT', 'both_bad', { run_id: 'r1', run_filename: 'list.csv', run_created_at: '2026-11-23T10:00:00.000Z' }),
      vote('chatGPT', 'b', { run_id: 'r1', run_filename: 'list.csv', run_created_at: '2026-11-23T10:00:00.000Z' }),
    ]);
    expect(board.overall.votes).toBe(5);
    expect(board.overall.possiblyUnblinded).toBe(1);
    expect(board.overall.byService.chatGPT).toEqual({ wins: 1, losses: 2, ties: 1, bothBad: 1 });
    expect(board.overall.byService.palmAPI).toEqual({ wins: 2, losses: 1, ties: 1, bothBad: 1 });
    expect(board.overall.byModelPair.map((p) => [p.chatGPTModel, p.chatGPT.wins + p.chatGPT.losses + p.chatGPT.ties + p.chatGPT.bothBad])).toEqual([
      ['gpt-4o', 1],
      ['gpt-4o-mini', 4],
    ]);
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]).toMatchObject({ runId: 'r1', filename: 'list.csv', votes: 2, byService: { palmAPI: { wins: 1, losses: 0, ties: 0, bothBad: 1 } } });
  });
});
