import type { TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { isDownloadOutputEnabled } from '../logic/download-output-rule.ts';

/** Remembers across visits that this browser has logged a comparison (the server keeps the logs). */
export const LOGGED_STORAGE_KEY = 'promptpair.hasLoggedComparison';

export function useDownloadOutput() {
  const [enabled, setEnabled] = useState(() =>
    isDownloadOutputEnabled({ loggedBefore: readStored(LOGGED_STORAGE_KEY) === true, comparisons: [] }),
  );

  const recordSuccess = useCallback((request: TComparisonRequestInput | TPairRequestInput) => {
    const logged = isDownloadOutputEnabled({ loggedBefore: false, comparisons: [{ request, succeeded: true }] });
    if (!logged) return;
    writeStored(LOGGED_STORAGE_KEY, true);
    setEnabled(true);
  }, []);

  return { enabled, recordSuccess };
}
