import { useEffect, useState } from 'react';
import type { Side } from '@promptpair/contract';
import type { DiffSegment } from '../../../lib/word-diff.ts';

interface Computed {
  left: string;
  right: string;
  segments: Record<Side, DiffSegment[]>;
}

/**
 * Word differences between the two answers while `enabled`; null until ready. The diff library
 * is loaded on first use so visitors who never compare pay nothing for it.
 */
export function useWordDiff(left: string | null, right: string | null, enabled: boolean) {
  const [computed, setComputed] = useState<Computed | null>(null);
  const active = enabled && left !== null && right !== null;

  useEffect(() => {
    if (!active) return;
    let current = true;
    import('../../../lib/word-diff.ts')
      .then(({ diffAnswers }) => {
        if (current) setComputed({ left, right, segments: diffAnswers(left, right) });
      })
      .catch((error: unknown) => console.error('Could not load the differences view', error));
    return () => {
      current = false;
    };
  }, [active, left, right]);

  // A result for older answers is never shown against newer ones.
  return active && computed?.left === left && computed.right === right ? computed.segments : null;
}
