import type { TLogServiceData } from '@promptpair/contract';
import type { LogRow } from './log-rows.ts';

export type ChartMetric = 'elapsedTime' | 'tokens';

export interface ChartSeries {
  labels: string[];
  chatGPT: (number | null)[];
  palmAPI: (number | null)[];
}

const valueOf = (data: TLogServiceData | null, metric: ChartMetric) => (data === null || data.errorMsg ? null : data[metric]);

/**
 * Oldest left, newest right, as a history reads. A side that was not logged or failed is a gap,
 * not a zero, so it does not look like an instant answer.
 */
export function toChartSeries(rows: readonly LogRow[], metric: ChartMetric): ChartSeries {
  const oldestFirst = [...rows].reverse();
  return {
    labels: oldestFirst.map((_, index) => `#${index + 1}`),
    chatGPT: oldestFirst.map((row) => valueOf(row.chatGPT, metric)),
    palmAPI: oldestFirst.map((row) => valueOf(row.palmAPI, metric)),
  };
}
