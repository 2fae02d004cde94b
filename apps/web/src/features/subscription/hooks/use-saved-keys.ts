import { COOKIE_NAMES } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { readCookie } from '../../../lib/cookies.ts';
import { getStoredKeys } from '../api/subscription-api.ts';

export interface SavedKeys {
  chatgptKey: string;
  palmapiKey: string;
}

/** docs/product.md §4: the server sets these cookies when keys are saved; they say only that keys exist. */
export const hasKeyCookie = () => readCookie(COOKIE_NAMES.chatgptKey) !== null || readCookie(COOKIE_NAMES.palmapiKey) !== null;

/**
 * Prefill after a reload (docs/product.md §4, §7): only when a key cookie exists, the page asks for the saved
 * keys and hands them (masked; the server swaps the mask for the key) to `onKeys`. A failed fetch
 * is only logged (docs/product.md §8). `saved` tells the app whether this visitor has a subscription.
 */
export function useSavedKeys(onKeys: (keys: SavedKeys) => void) {
  const [saved, setSaved] = useState(hasKeyCookie);

  useEffect(() => {
    if (!hasKeyCookie()) return;
    let current = true;
    getStoredKeys().then(
      (keys) => {
        if (!current) return;
        if (keys.chatgptKey === null && keys.palmapiKey === null) return setSaved(false);
        onKeys({ chatgptKey: keys.chatgptKey ?? '', palmapiKey: keys.palmapiKey ?? '' });
      },
      (error: unknown) => console.error('Could not read the saved API keys.', error),
    );
    return () => {
      current = false;
    };
  }, [onKeys]);

  const markSaved = useCallback(() => setSaved(true), []);
  return { saved, markSaved };
}
