import { useSyncExternalStore } from 'react';

/** Below Bootstrap's md breakpoint the two answers no longer fit side by side. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a phone-sized viewport, following rotations and resizes. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches, () => false);
}
