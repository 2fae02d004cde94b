import { MESSAGES } from '@promptpair/contract';
import { lazy, Suspense } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useLogDetails } from '../hooks/use-log-details.ts';
import { toLogRows } from '../logic/log-rows.ts';
import { LogDownloads } from './log-downloads.tsx';
import { LogTable } from './log-table.tsx';

// Chart.js is the heaviest part of the modal: it loads only once a log is there to draw.
const HistoryCharts = lazy(() => import('./history-chart.tsx').then((m) => ({ default: m.HistoryCharts })));

export interface LogDetailsModalProps {
  show: boolean;
  onHide: () => void;
}

function LogDetailsBody() {
  const { state, loadOlder } = useLogDetails();
  if (state.status === 'loading') return <p className="mb-0 text-body-secondary">{MESSAGES.loading}</p>;
  if (state.status === 'failed') {
    return (
      <Alert variant="danger" className="mb-0">
        {MESSAGES.logFetchFailed}
      </Alert>
    );
  }
  if (state.records.length === 0) return <p className="mb-0">{MESSAGES.logEmpty}</p>;
  const rows = toLogRows(state.records);
  return (
    <>
      <LogDownloads />
      <Suspense fallback={<div className="log-chart" aria-hidden="true" />}>
        <HistoryCharts rows={rows} />
      </Suspense>
      <div className="d-flex justify-content-end mb-2">
        <AnswerViewToggle />
      </div>
      <LogTable rows={rows} />
      {state.olderFailed && (
        <Alert variant="danger" className="mt-2 mb-0">
          {MESSAGES.logFetchFailed}
        </Alert>
      )}
      {state.nextCursor && (
        <Button variant="outline-secondary" size="sm" className="mt-2" onClick={loadOlder} disabled={state.loadingOlder}>
          {state.loadingOlder ? MESSAGES.loading : 'Load older comparisons'}
        </Button>
      )}
    </>
  );
}

/** docs/product.md §2 modal 5, opened by 'Download Output': the log as a table and a chart, and its downloads. */
export function LogDetailsModal({ show, onHide }: LogDetailsModalProps) {
  return (
    <Dialog
      show={show}
      onHide={onHide}
      title="Log Details"
      size="xl"
      footer={
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      }
    >
      <LogDetailsBody />
    </Dialog>
  );
}
