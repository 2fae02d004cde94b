import type { TLogServiceData } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { answerSimilarity, promptVerdict, summarizeRun, verdictCells } from './run-verdicts.ts';

const side = (extra: Partial<TLogServiceData> = {}): TLogServiceData => ({ message: 'the cat sat', tokens: 10, rawOutput: null, elapsedTime: 1, errorMsg: null, cost: 0.001, ...extra });

describe('prompt-list verdicts', () => {
  it('measures similarity from the word diff', () => {
    expect(answerSimilarity('the cat sat', 'the cat sat')).toBe(1);
    expect(answerSimilarity('the cat sat', 'the cat lay down')).toBeCloseTo(4 / 7);
  });

  it('gives one prompt’s verdict as columns named by service', () => {
    const verdict = promptVerdict({ a: side({ elapsedTime: 2, cost: 0.0001 }), b: side({ elapsedTime: 1, cost: 0.002, message: 'the cat lay down' }) });
    expect(verdictCells(verdict)).toEqual(['', 'palmAPI', 'chatGPT', 3, 4, 0.571]);
    expect(verdictCells(promptVerdict({ a: side(), b: null }))).toEqual(['', '', '', '', '', '']);
  });

  it('sums a run: cost per service, median time, how often each was faster and cheaper', () => {
    const summary = summarizeRun([
      { a: side({ elapsedTime: 1, cost: 0.001 }), b: side({ elapsedTime: 2, cost: 0.0005 }) },
      { a: side({ elapsedTime: 3, cost: 0.002 }), b: side({ elapsedTime: 1.5, cost: null }) },
      { a: side({ elapsedTime: 2, cost: 0.001 }), b: side({ elapsedTime: 2.01, errorMsg: 'down', message: null, cost: null }) },
    ]);
    expect(summary).toEqual({
      prompts: 3,
      cost: { a: { total: 0.004, unknown: 0 }, b: { total: 0.0005, unknown: 2 } },
      medianSeconds: { a: 2, b: 1.75 },
      faster: { a: 1, b: 1, ties: 0, undecided: 1 },
      cheaper: { a: 0, b: 1, ties: 0, undecided: 2 },
    });
  });
});
