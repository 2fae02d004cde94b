import { describe, expect, it } from 'vitest';
import { toChartSeries } from './chart-series.ts';
import type { LogRow } from './log-rows.ts';

const noCost = { vote: null, cost: { total: 0, unknown: 0 }, runningCost: { total: 0, unknown: 0 } };
const answer = (tokens: number, elapsedTime: number, errorMsg: string | null = null) => ({ message: 'x', tokens, rawOutput: null, elapsedTime, errorMsg });

describe('toChartSeries', () => {
  it('puts the oldest first and leaves gaps for unlogged or failed sides', () => {
    const rows: LogRow[] = [
      { id: 'new', prompt: 'b', createdAt: new Date(2), answers: { a: answer(5, 0.5, 'failed'), b: null }, ...noCost },
      { id: 'old', prompt: 'a', createdAt: new Date(1), answers: { a: answer(10, 1.5), b: answer(20, 2.5) }, ...noCost },
    ];
    expect(toChartSeries(rows, 'tokens')).toEqual({ labels: ['#1', '#2'], values: { a: [10, null], b: [20, null] } });
    expect(toChartSeries(rows, 'elapsedTime').values.a).toEqual([1.5, null]);
  });
});
