import type { TScoreboard } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { getScoreboard } from './get-scoreboard.ts';

/** The visitor's scoreboard while `open`, fetched again whenever `version` changes (after a vote). */
export function useScoreboard(open: boolean, version: number) {
  const [board, setBoard] = useState<TScoreboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    getScoreboard()
      .then((next) => {
        if (!current) return;
        setBoard(next);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Could not load the scoreboard', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [open, version]);
  return { board, failed };
}
