import { describe, expect, it } from 'vitest';
import { modelPairRows } from './model-pair-rows.ts';

const tally = (wins: number) => ({ wins, losses: 0, ties: 0, bothBad: 0 });

describe('modelPairRows', () => {
  it('gives side a’s row first, then side b’s, each model against the other', () => {
    expect(modelPairRows({ models: { a: 'gpt-x', b: 'gemini-y' }, a: tally(3), b: tally(1) })).toEqual([
      { side: 'a', model: 'gpt-x', against: 'gemini-y', tally: tally(3) },
      { side: 'b', model: 'gemini-y', against: 'gpt-x', tally: tally(1) },
    ]);
  });
});
