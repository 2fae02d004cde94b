import { formatCost, COST_TEXTS, pairNames, SIDES, RUN_SUMMARY_TEXTS as T, type TBatchJob, type TBatchSummary } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { getRunSummary } from '../api/batch-api.ts';

const costText = (cost: { total: number; unknown: number }) =>
  `${formatCost(cost.total)}${cost.unknown > 0 ? ` (+${cost.unknown} with ${COST_TEXTS.unknown})` : ''}`;

/**
 * A run's summary: total cost, median time and how often each service was faster and cheaper.
 * Loaded once the run has ended, or on request while it runs (it reads every finished prompt).
 */
export function RunSummary({ job }: { job: TBatchJob }) {
  const [summary, setSummary] = useState<TBatchSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const finished = job.done + job.failed;
  const ended = job.status !== 'running';

  useEffect(() => {
    if (!ended && asked === 0) return;
    let current = true;
    getRunSummary(job.id)
      .then((next) => current && setSummary(next))
      .catch((error: unknown) => {
        console.error('Could not load the run summary', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [job.id, ended, asked]);

  if (finished === 0) return null;
  // The spec's titles for the spec's pair; each side's service and model for a run on any other.
  const names = pairNames(job.sides);
  return (
    <section aria-label={T.region} className="mt-3 small">
      <div className="d-flex align-items-baseline gap-2">
        <h3 className="h6 mb-1">{T.title(summary ? summary.prompts : null)}</h3>
        {!ended && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setAsked((n) => n + 1)}>
            {summary ? T.update : T.showSoFar}
          </button>
        )}
      </div>
      {failed && <p className="text-danger mb-0">{T.failed}</p>}
      {summary && (
        <table className="table table-sm w-auto mb-0">
          <thead>
            <tr>
              <th scope="col">{T.columns.service}</th>
              <th scope="col">{T.columns.cost}</th>
              <th scope="col">{T.columns.median}</th>
              <th scope="col">{T.columns.faster}</th>
              <th scope="col">{T.columns.cheaper}</th>
            </tr>
          </thead>
          <tbody>
            {SIDES.map((side) => (
              <tr key={side}>
                <th scope="row">{names[side]}</th>
                <td>{costText(summary.cost[side])}</td>
                <td>{summary.medianSeconds[side] === null ? '–' : `${summary.medianSeconds[side].toFixed(2)} s`}</td>
                <td>{summary.faster[side]}</td>
                <td>{summary.cheaper[side]}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{T.tiesRow}</th>
              <td />
              <td />
              <td>
                {summary.faster.ties} / {summary.faster.undecided}
              </td>
              <td>
                {summary.cheaper.ties} / {summary.cheaper.undecided}
              </td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
