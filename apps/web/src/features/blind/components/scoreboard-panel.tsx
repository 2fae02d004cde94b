import { BLIND_TEXTS, MESSAGES } from '@promptpair/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useScoreboard } from '../../../components/scoreboard/use-scoreboard.ts';

// Loaded with the first look at the scoreboard.
const ScoreboardTables = lazy(() => import('../../../components/scoreboard/scoreboard-tables.tsx').then((module) => ({ default: module.ScoreboardTables })));

/** The visitor's own blind votes summed: per service, per model (rated) and per model pair, overall and per prompt-list run. */
export function ScoreboardPanel({ version }: { version: number }) {
  const [open, setOpen] = useState(false);
  const { board, failed } = useScoreboard(open, version);
  const regionId = useId();
  return (
    <div className="mb-3">
      <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {BLIND_TEXTS.scoreboard}
      </button>
      {open && (
        <section id={regionId} aria-label={BLIND_TEXTS.scoreboard} className="mt-2 small">
          {failed ? (
            <p className="text-danger mb-0">{BLIND_TEXTS.scoreboardFailed}</p>
          ) : !board ? (
            <p className="text-body-secondary mb-0">{MESSAGES.loading}</p>
          ) : (
            <Suspense fallback={<p className="text-body-secondary mb-0">{MESSAGES.loading}</p>}>
              <ScoreboardTables board={board} />
            </Suspense>
          )}
        </section>
      )}
    </div>
  );
}
