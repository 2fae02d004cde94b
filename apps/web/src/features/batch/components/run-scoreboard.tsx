import { RUN_RESULTS_TEXTS as T, BLIND_TEXTS } from '@promptpair/contract';
import { useId } from 'react';
import { useScoreboard } from '../../../components/scoreboard/use-scoreboard.ts';
import { SectionTables } from '../../../components/scoreboard/scoreboard-tables.tsx';

/** The visitor's votes on this run, per service and model pair; loaded again after each vote. */
export function RunScoreboard({ runId, filename, version }: { runId: string; filename: string; version: number }) {
  const { board, failed } = useScoreboard(true, version);
  const headingId = useId();
  const section = board?.runs.find((run) => run.runId === runId);
  return (
    <section aria-labelledby={headingId} className="mb-4 small">
      <h2 id={headingId} className="h5">
        {T.scoreboard}
      </h2>
      {failed ? (
        <p className="text-danger mb-0">{BLIND_TEXTS.scoreboardFailed}</p>
      ) : !board ? (
        <p className="text-body-secondary mb-0">{T.loading}</p>
      ) : section ? (
        <SectionTables section={section} caption={`Prompt list ${filename}`} />
      ) : (
        <p className="text-body-secondary mb-0">{T.noVotes}</p>
      )}
    </section>
  );
}
