import { RUN_RESULTS_TEXTS, type TRunItemsPage, type TVoteChoice } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { getRunItems, voteOnRunItem } from '../api/run-review-api.ts';

export type RunItemsState = { status: 'loading' } | { status: 'failed'; notFound: boolean } | { status: 'ready'; data: TRunItemsPage };

/** The server's own words for a refused vote (already voted, not answered yet), else a general line. */
function voteErrorText(error: unknown): string {
  const message = error instanceof HttpError ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' && error instanceof HttpError && error.status < 500 ? message : RUN_RESULTS_TEXTS.voteFailed;
}

/**
 * One page of a run's prompts and the votes on them. A vote replaces its prompt with the revealed
 * one the server answers; `votes` counts them so the run's scoreboard can load again.
 */
export function useRunResults(id: string) {
  const [page, setPageNumber] = useState(1);
  const [state, setState] = useState<RunItemsState>({ status: 'loading' });
  const [voting, setVoting] = useState<number | null>(null);
  const [voteError, setVoteError] = useState<{ line: number; text: string } | null>(null);
  const [votes, setVotes] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getRunItems(id, page, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the run’s results', error);
        setState({ status: 'failed', notFound: error instanceof HttpError && error.status === 404 });
      },
    );
    return () => controller.abort();
  }, [id, page]);

  /** Another page: 'loading' until it arrives (the run is keyed by id, so a new run starts there too). */
  const setPage = useCallback((next: number) => {
    setState({ status: 'loading' });
    setPageNumber(next);
  }, []);

  const vote = useCallback(
    async (line: number, choice: TVoteChoice) => {
      if (voting !== null) return;
      setVoting(line);
      setVoteError(null);
      try {
        const item = await voteOnRunItem(id, line, choice);
        setState((previous) =>
          previous.status === 'ready' ? { ...previous, data: { ...previous.data, items: previous.data.items.map((old) => (old.line === line ? item : old)) } } : previous,
        );
        setVotes((n) => n + 1);
      } catch (error) {
        console.error('The vote failed', error);
        setVoteError({ line, text: voteErrorText(error) });
      } finally {
        setVoting(null);
      }
    },
    [id, voting],
  );

  return { page, setPage, state, vote, voting, voteError, votes };
}
