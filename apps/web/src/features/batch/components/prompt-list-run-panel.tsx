import { batchResultsPath, pairNames, RUN_PAIR_TEXTS, RUN_RESULTS_TEXTS, runResultsPagePath, type TBatchJob } from '@promptpair/contract';
import { Link } from 'wouter';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { formatDuration } from '../logic/format-duration.ts';
import { RunSummary } from './run-summary.tsx';

const STATUS_TEXT: Record<TBatchJob['status'], string> = {
  running: 'Running',
  completed: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Stopped',
};

const share = (part: number, total: number) => `${(part / Math.max(1, total)) * 100}%`;

export interface PromptListRunPanelProps {
  job: TBatchJob;
  onCancel: () => Promise<void>;
}

/**
 * Progress of a prompt-list run: done / failed / total, elapsed, time left, cancel,
 * and the results so far as CSV or JSONL at any time. The run goes on without this page.
 */
export function PromptListRunPanel({ job, onCancel }: PromptListRunPanelProps) {
  const [cancelling, setCancelling] = useState(false);
  const finished = job.done + job.failed;
  const percent = job.total === 0 ? 100 : Math.floor((finished / job.total) * 100);
  const running = job.status === 'running';

  return (
    <Card as="section" aria-label="Prompt list run" className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Prompt list: {job.filename} <span className="badge text-bg-secondary align-middle">{STATUS_TEXT[job.status]}</span>
        </Card.Title>
        {/* One progress bar for assistive technology; inside it, answered (green) and failed (red) parts. */}
        <div
          className="progress-stacked mb-2"
          role="progressbar"
          aria-label={`${percent}% of the prompts finished`}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress" style={{ width: share(job.done, job.total) }}>
            <div className="progress-bar bg-success">{percent > 5 ? `${percent}%` : ''}</div>
          </div>
          <div className="progress" style={{ width: share(job.failed, job.total) }}>
            <div className="progress-bar bg-danger" />
          </div>
        </div>
        {/* A run on a pair other than the spec's names what each side runs on. */}
        {job.sides && <p className="mb-1">{RUN_PAIR_TEXTS.runsOn(pairNames(job.sides))}</p>}
        <p className="mb-2" aria-live="polite">
          {job.done} done · {job.failed} failed · {job.total} total · elapsed {formatDuration(job.elapsedSeconds)}
          {running && job.etaSeconds !== null && ` · about ${formatDuration(job.etaSeconds)} left`}
        </p>
        {job.error !== null && <Alert variant="danger">{job.error}</Alert>}
        <div className="d-flex flex-wrap gap-2">
          {running && (
            <Button
              variant="outline-danger"
              disabled={cancelling}
              onClick={() => {
                setCancelling(true);
                void onCancel()
                  .catch((error: unknown) => console.error('Could not cancel the run.', error))
                  .finally(() => setCancelling(false));
              }}
            >
              Cancel run
            </Button>
          )}
          <Link className="btn btn-primary" href={runResultsPagePath(job.id)}>
            {RUN_RESULTS_TEXTS.link}
          </Link>
          {/* Always available: the results so far, a header only before the first prompt finishes. */}
          <a className="btn btn-outline-primary" href={batchResultsPath(job.id, 'csv')} download>
            Download results (CSV)
          </a>
          <a className="btn btn-outline-primary" href={batchResultsPath(job.id, 'jsonl')} download>
            Download results (JSONL)
          </a>
        </div>
        <RunSummary job={job} />
      </Card.Body>
    </Card>
  );
}
