import type { TLogRecord } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { getLogPage } from '../api/get-log-details.ts';

/** Records per page of the table; the downloads always hold the whole log. */
export const LOG_TABLE_LIMIT = 100;

export type LogDetailsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; records: TLogRecord[]; nextCursor: string | null; loadingOlder: boolean; olderFailed: boolean };

/**
 * Loads the newest page when the modal's body mounts (the modal unmounts its body when it closes,
 * so every opening reads afresh) and older pages on request, following the server's cursor.
 */
export function useLogDetails(): { state: LogDetailsState; loadOlder: () => void } {
  const [state, setState] = useState<LogDetailsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getLogPage(LOG_TABLE_LIMIT, null, controller.signal).then(
      (page) => setState({ status: 'ready', ...page, loadingOlder: false, olderFailed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // docs/product.md §8: the failure text is shown; the cause goes to the console for whoever debugs it.
        console.error('Could not load the log details', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const cursor = state.status === 'ready' && !state.loadingOlder ? state.nextCursor : null;
  const loadOlder = useCallback(() => {
    if (!cursor) return;
    setState((current) => (current.status === 'ready' ? { ...current, loadingOlder: true, olderFailed: false } : current));
    getLogPage(LOG_TABLE_LIMIT, cursor).then(
      (page) =>
        setState((current) =>
          current.status === 'ready' ? { ...current, records: [...current.records, ...page.records], nextCursor: page.nextCursor, loadingOlder: false } : current,
        ),
      (error: unknown) => {
        console.error('Could not load older log details', error);
        setState((current) => (current.status === 'ready' ? { ...current, loadingOlder: false, olderFailed: true } : current));
      },
    );
  }, [cursor]);

  return { state, loadOlder };
}
