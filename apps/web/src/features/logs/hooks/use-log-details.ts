import type { TLogRecord } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { getLogDetails } from '../api/get-log-details.ts';

/** The modal shows this many of the latest records; the downloads always hold the whole log. */
export const LOG_TABLE_LIMIT = 100;

export type LogDetailsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; records: TLogRecord[]; hasMore: boolean };

/**
 * Loads the log when the modal's body mounts. The modal unmounts its body when it closes, so
 * every opening reads afresh and shows comparisons made in the meantime.
 */
export function useLogDetails(): LogDetailsState {
  const [state, setState] = useState<LogDetailsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // One more than shown tells whether older records exist, without a second request.
    getLogDetails(LOG_TABLE_LIMIT + 1, controller.signal).then(
      (records) => setState({ status: 'ready', records: records.slice(0, LOG_TABLE_LIMIT), hasMore: records.length > LOG_TABLE_LIMIT }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // SPEC §8: the failure text is shown; the cause goes to the console for whoever debugs it.
        console.error('Could not load the log details', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
