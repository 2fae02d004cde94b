import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage.ts';

const STORAGE_KEY = 'promptpair.blindMode';

/** Whether the next comparisons run blind; remembered in this browser like the other settings. */
export function useBlindMode() {
  const [on, setOn] = useState(() => readStored(STORAGE_KEY) === true);
  const set = useCallback((value: boolean) => {
    setOn(value);
    writeStored(STORAGE_KEY, value);
  }, []);
  return { on, set };
}
