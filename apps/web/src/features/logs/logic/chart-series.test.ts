import { describe, expect, it } from 'vitest';
import { toChartSeries } from './chart-series.ts';
import type { LogRow } from './log-rows.ts';

const noCost = { vote: null, cost: { total: 0, unknown: 0 }, runningCost: { total: 0, unknown: 0 } };
const answer = (tokens: number, elapsedTime: number, errorMsg: string | null = null) => ({ message: 'x', tokens, rawOutput: null, elapsedTime, errorMsg });

describe('toChartSeries', () => {
  it('puts the oldest first and leaves gaps for unlogged or failed sides', () => {
    const rows: LogRow[] = [
      { id: 'new', prompt: 'b', createdAt: new Date(2), chatGPT: answer(5, 0.5, 'failed'), palmAPI: null, ...noCost },
      { id: 'old', prompt: 'a', createdAt: new Date(1), chatGPT: answer(10, 1.5), palmAPI: answer(20, 2.5), ...noCost },
    ];
    expect(toChartSeries(rows, 'tokens')).toEqual({ labels: ['#1', '#2'], chatGPT: [10, null], palmAPI: [20, null] });
    expect(toChartSeries(rows, 'elapsedTime').chatGPT).toEqual([1.5, null]);
  });
});
