import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while a page rendered on the server is being hydrated (and on the server), true from then
 * on and in a page rendered in the browser: what depends on this browser's own state (a remembered
 * choice) shows only once the server's markup has been taken over, so the two never disagree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
