import { columnNames, namesByServiceKey } from '@promptpair/contract';
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Title, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { toChartSeries, type ChartMetric } from '../logic/chart-series.ts';
import type { LogRow } from '../logic/log-rows.ts';

// Only the pieces a line chart needs, so the rest of Chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend);

const TITLES: Record<ChartMetric, string> = { elapsedTime: 'Elapsed time (seconds)', tokens: 'Tokens' };
// Bootstrap's primary and success, readable on the light background.
const COLOURS = { chatGPT: '#0d6efd', palmAPI: '#198754' } as const;

/**
 * One metric per service across the logged prompts. A canvas says nothing to a screen reader, so
 * it carries a label; the table above holds the same numbers as text.
 */
export function HistoryChart({ rows, metric }: { rows: readonly LogRow[]; metric: ChartMetric }) {
  const series = toChartSeries(rows, metric);
  // Each line is a column of the table: named as its heading is.
  const names = namesByServiceKey(columnNames(rows));
  const dataset = (service: 'chatGPT' | 'palmAPI') => ({
    label: names[service],
    data: series[service],
    borderColor: COLOURS[service],
    backgroundColor: COLOURS[service],
    spanGaps: false,
    tension: 0.2,
  });
  return (
    <div className="log-chart">
      <Line
        role="img"
        aria-label={`${TITLES[metric]} per prompt for ${names.chatGPT} and ${names.palmAPI}, oldest first`}
        data={{ labels: series.labels, datasets: [dataset('chatGPT'), dataset('palmAPI')] }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: { title: { display: true, text: TITLES[metric] }, legend: { position: 'bottom' } },
          scales: { y: { beginAtZero: true } },
        }}
      />
    </div>
  );
}

/** The picture of the history: elapsed time and tokens, side by side on wide screens. */
export function HistoryCharts({ rows }: { rows: readonly LogRow[] }) {
  return (
    <div className="row g-3 mb-3">
      <div className="col-md-6">
        <HistoryChart rows={rows} metric="elapsedTime" />
      </div>
      <div className="col-md-6">
        <HistoryChart rows={rows} metric="tokens" />
      </div>
    </div>
  );
}
