import { MESSAGES } from '@promptpair/contract';
import { lazy, Suspense } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LOG_TABLE_LIMIT, useLogDetails } from '../hooks/use-log-details.ts';
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
  const state = useLogDetails();
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
      {state.hasMore && (
        <p className="small text-body-secondary">
          Showing your latest {LOG_TABLE_LIMIT} comparisons. The downloads hold the whole log.
        </p>
      )}
      <LogTable rows={rows} />
    </>
  );
}

/** SPEC §2 modal 5, opened by 'Download Output': the log as a table and a chart, and its downloads. */
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
