import { describe, expect, it } from 'vitest';
import { bradleyTerryRatings, RATING_CENTRE, type PairResult } from './rating.ts';

const times = (n: number, result: PairResult): PairResult[] => Array.from({ length: n }, () => result);

describe('Bradley–Terry ratings', () => {
  it('gives two models the closed-form odds: 3 wins to 1 plus the virtual tie is 3.5 : 1.5', () => {
    const ratings = bradleyTerryRatings([...times(3, { first: 'x', second: 'y', score: 1 }), { first: 'y', second: 'x', score: 1 }]);
    const half = 200 * Math.log10(3.5 / 1.5);
    expect(ratings.get('x')).toBeCloseTo(RATING_CENTRE + half, 6);
    expect(ratings.get('y')).toBeCloseTo(RATING_CENTRE - half, 6);
  });

  it('counts a tie as half a win to each: ties alone leave both at the centre', () => {
    const ratings = bradleyTerryRatings(times(4, { first: 'x', second: 'y', score: 0.5 }));
    expect(ratings.get('x')).toBeCloseTo(RATING_CENTRE, 6);
    expect(ratings.get('y')).toBeCloseTo(RATING_CENTRE, 6);
  });

  it('orders three models and keeps a model without an outright win finite', () => {
    // a beats b 4–1, b beats c 4–1, a and c tie twice; c never wins outright.
    const ratings = bradleyTerryRatings([
      ...times(4, { first: 'a', second: 'b', score: 1 }),
      { first: 'b', second: 'a', score: 1 },
      ...times(4, { first: 'b', second: 'c', score: 1 }),
      { first: 'c', second: 'b', score: 1 },
      ...times(2, { first: 'a', second: 'c', score: 0.5 }),
    ]);
    const [a, b, c] = ['a', 'b', 'c'].map((m) => ratings.get(m) ?? Number.NaN) as [number, number, number];
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(c);
    expect(Number.isFinite(c)).toBe(true);
    // The fit's defining equations: each model's expected wins equal its (virtual-tie-padded) wins.
    const p = (r: number) => 10 ** ((r - RATING_CENTRE) / 400);
    const expected = (x: number, y: number, n: number) => (n * p(x)) / (p(x) + p(y));
    expect(expected(a, b, 6) + expected(a, c, 3)).toBeCloseTo(4.5 + 1.5, 6);
    expect(expected(c, b, 6) + expected(c, a, 3)).toBeCloseTo(1.5 + 1.5, 6);
    // Mean of log-strengths is the centre.
    expect((a + b + c) / 3).toBeCloseTo(RATING_CENTRE, 6);
  });

  it('ignores a model compared with itself and answers nothing for no votes', () => {
    expect(bradleyTerryRatings([]).size).toBe(0);
    expect(bradleyTerryRatings([{ first: 'x', second: 'x', score: 1 }]).size).toBe(0);
  });
});
