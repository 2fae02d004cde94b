import { useEffect, useState } from 'react';

/**
 * The similarity of two answers (0..1) from the page's word diff, or null until it is computed
 * or when either text is missing. The diff library loads on first use, as for "Show differences".
 */
export function useSimilarity(left: string | null, right: string | null): number | null {
  const [computed, setComputed] = useState<{ left: string; right: string; value: number } | null>(null);
  const active = left !== null && right !== null;

  useEffect(() => {
    if (!active) return;
    let current = true;
    import('../../../lib/word-diff.ts')
      .then(({ similarityOf }) => {
        if (current) setComputed({ left, right, value: similarityOf(left, right) });
      })
      .catch((error: unknown) => console.error('Could not load the differences view', error));
    return () => {
      current = false;
    };
  }, [active, left, right]);

  return active && computed?.left === left && computed.right === right ? computed.value : null;
}
