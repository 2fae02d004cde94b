import { describe, expect, it } from 'vitest';
import { modelPairRows } from './model-pair-rows.ts';

const tally = (wins: number) => ({ wins, losses: 0, ties: 0, bothBad: 0 });

describe('modelPairRows', () => {
  it('reads the scoreboard’s chatGPT fields as side a and palmAPI as side b, each model against the other', () => {
    expect(modelPairRows({ chatGPTModel: 'gpt-x', palmAPIModel: 'gemini-y', chatGPT: tally(3), palmAPI: tally(1) })).toEqual([
      { side: 'a', model: 'gpt-x', against: 'gemini-y', tally: tally(3) },
      { side: 'b', model: 'gemini-y', against: 'gpt-x', tally: tally(1) },
    ]);
  });
});
