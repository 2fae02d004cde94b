import { columnNames, type Side } from '@promptpair/contract';
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Title, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useColourMode } from '../../../lib/theme.ts';
import { toChartSeries, type ChartMetric } from '../logic/chart-series.ts';
import type { LogRow } from '../logic/log-rows.ts';

// Only the pieces a line chart needs, so the rest of Chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend);

const TITLES: Record<ChartMetric, string> = { elapsedTime: 'Elapsed time (seconds)', tokens: 'Tokens' };
// Bootstrap's primary and success, readable on the light background.
const COLOURS: Record<Side, string> = { a: '#0d6efd', b: '#198754' };

/**
 * The theme's body text and rule colours, which a canvas cannot take from CSS: Bootstrap's
 * `data-bs-theme` variables as the page resolves them now (Chart.js's own grey is faint in dark mode).
 */
function themeInk(): { text: string | undefined; rule: string | undefined } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim() || undefined;
  return { text: read('--bs-body-color'), rule: read('--bs-border-color-translucent') };
}

/**
 * One metric per service across the logged prompts. A canvas says nothing to a screen reader, so
 * it carries a label; the table above holds the same numbers as text.
 */
export function HistoryChart({ rows, metric }: { rows: readonly LogRow[]; metric: ChartMetric }) {
  const series = toChartSeries(rows, metric);
  // Drawn again when the mode changes, with the colours read again: the variables follow `data-bs-theme`.
  useColourMode();
  const ink = themeInk();
  const axis = { ticks: { color: ink.text }, grid: { color: ink.rule } };
  // Each line is a column of the table: named as its heading is.
  const names = columnNames(rows);
  const dataset = (side: Side) => ({
    label: names[side],
    data: series.values[side],
    borderColor: COLOURS[side],
    backgroundColor: COLOURS[side],
    spanGaps: false,
    tension: 0.2,
  });
  return (
    <div className="log-chart">
      <Line
        role="img"
        aria-label={`${TITLES[metric]} per prompt for ${names.a} and ${names.b}, oldest first`}
        data={{ labels: series.labels, datasets: [dataset('a'), dataset('b')] }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: { title: { display: true, text: TITLES[metric], color: ink.text }, legend: { position: 'bottom', labels: { color: ink.text } } },
          scales: { x: axis, y: { ...axis, beginAtZero: true } },
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
