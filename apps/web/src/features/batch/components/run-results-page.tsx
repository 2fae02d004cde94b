import { PAGE_ROUTES, pairNames, RUN_RESULTS_TEXTS as T, type TBatchJob, type TRunItemsPage } from '@promptpair/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { getRun } from '../api/batch-api.ts';
import { useRunResults } from '../hooks/use-run-results.ts';
import { RunItem } from './run-item.tsx';
import { RunScoreboard } from './run-scoreboard.tsx';

function Pager({ data, onPage }: { data: TRunItemsPage; onPage: (page: number) => void }) {
  return (
    <nav aria-label={T.pages} className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
        {T.previous}
      </button>
      <span>{T.pageOf(data.page, data.pages)}</span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={data.page >= data.pages} onClick={() => onPage(data.page + 1)}>
        {T.next}
      </button>
    </nav>
  );
}

/** The range a page shows, e.g. "Prompts 11–20 of 43". */
function rangeText(data: TRunItemsPage): string {
  const first = data.items[0]?.line;
  const last = data.items.at(-1)?.line;
  return first === undefined || last === undefined ? `No prompts on this page (${data.total} in all)` : `Prompts ${first}–${last} of ${data.total}`;
}

function RunResults({ id, job }: { id: string; job: TBatchJob }) {
  const { state, setPage, vote, voting, voteError, votes } = useRunResults(id);
  // A run on a pair other than the spec's names each side by its service and model once revealed.
  const names = job.sides ? pairNames(job.sides) : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const [moved, setMoved] = useState(false);
  // After the visitor changes page, keyboard and screen-reader focus starts at the new page's top.
  useEffect(() => {
    if (moved && state.status === 'ready') heading.current?.focus();
  }, [moved, state]);
  const goTo = (page: number) => {
    setMoved(true);
    setPage(page);
  };

  return (
    <>
      <RunScoreboard runId={id} filename={job.filename} version={votes} />
      <section aria-labelledby="run-prompts" aria-busy={state.status === 'loading'}>
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h2 id="run-prompts" ref={heading} tabIndex={-1} className="h5 mb-0">
            {state.status === 'ready' ? rangeText(state.data) : 'Prompts'}
          </h2>
          <AnswerViewToggle />
        </div>
        {state.status === 'loading' && <p className="text-body-secondary min-vh-100">{T.loading}</p>}
        {state.status === 'failed' && <p className="text-danger">{state.notFound ? T.notFound : T.failed}</p>}
        {state.status === 'ready' && (
          <>
            <Pager data={state.data} onPage={goTo} />
            {state.data.items.map((item) => (
              <RunItem key={item.line} item={item} names={names} voting={voting === item.line} voteError={voteError?.line === item.line ? voteError.text : null} onVote={(line, choice) => void vote(line, choice)} />
            ))}
          </>
        )}
      </section>
    </>
  );
}

type JobState = { status: 'loading' } | { status: 'failed'; notFound: boolean } | { status: 'ready'; job: TBatchJob };

/** Route /runs/:id: a prompt-list run's results, a page of prompts at a time, each blind until its vote. */
export function RunResultsPage() {
  const { id = '' } = useParams();
  // Keyed by id, so another run starts from 'loading'.
  return <RunResultsOf key={id} id={id} />;
}

function RunResultsOf({ id }: { id: string }) {
  const [state, setState] = useState<JobState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    getRun(id).then(
      (job) => current && setState({ status: 'ready', job }),
      (error: unknown) => {
        console.error('Could not load the run', error);
        if (current) setState({ status: 'failed', notFound: (error as { status?: unknown }).status === 404 });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{state.status === 'ready' ? T.title(state.job.filename) : T.title('a prompt list')}</h1>
        <Link href={PAGE_ROUTES.home}>{T.back}</Link>
      </div>
      {state.status === 'loading' && <p className="text-body-secondary min-vh-100">{T.loading}</p>}
      {state.status === 'failed' && <p className="text-danger">{state.notFound ? T.notFound : T.failed}</p>}
      {state.status === 'ready' && (
        <>
          <p>{T.intro}</p>
          <RunResults id={id} job={state.job} />
        </>
      )}
    </div>
  );
}
