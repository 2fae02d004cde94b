import { lazy, Suspense } from 'react';
import type { BlindRun } from '../hooks/use-blind-run.ts';

// Loaded when blind mode is first used: most visitors never vote, and the first bundle is kept small.
const Loaded = lazy(() => import('./blind-results.tsx').then((module) => ({ default: module.BlindResults })));

export function BlindResults(props: { run: BlindRun; ownKey: boolean }) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
