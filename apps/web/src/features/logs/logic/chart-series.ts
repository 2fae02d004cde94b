import type { Side, TLogServiceData } from '@promptpair/contract';
import type { LogRow } from './log-rows.ts';

export type ChartMetric = 'elapsedTime' | 'tokens';

export interface ChartSeries {
  labels: string[];
  /** Each side's values, oldest first. */
  values: Record<Side, (number | null)[]>;
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
    values: {
      a: oldestFirst.map((row) => valueOf(row.answers.a, metric)),
      b: oldestFirst.map((row) => valueOf(row.answers.b, metric)),
    },
  };
}
