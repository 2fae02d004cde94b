import { asThemeChoice, resolveColourMode, THEME_STORAGE_KEY, type ColourMode, type ThemeChoice } from '@promptpair/contract';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage.ts';

// The colour theme (docs/decisions.md, "Dark theme"). The head's boot script (the contract's
// THEME_BOOT_SCRIPT) sets it before the first paint; this module keeps it right afterwards: when the
// visitor switches, when the system switches while the choice is "system", and when another tab switches.

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  return asThemeChoice(readStored(THEME_STORAGE_KEY));
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The mode the page paints in now, as Bootstrap's colour modes read it from `<html data-bs-theme>`. */
export function applyTheme(): ColourMode {
  const mode = resolveColourMode(readThemeChoice(), systemPrefersDark());
  document.documentElement.setAttribute('data-bs-theme', mode);
  return mode;
}

function changed() {
  applyTheme();
  for (const listener of listeners) listener();
}

/** Remembers the visitor's choice in this browser and paints the page in it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  writeStored(THEME_STORAGE_KEY, choice);
  changed();
}

/** Follows the system's mode and other tabs' choices for as long as the page is open. */
export function watchTheme(): () => void {
  applyTheme();
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) changed();
  };
  media?.addEventListener('change', changed);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', changed);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice);
}

const paintedMode = (): ColourMode => (document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light');

/** The mode the page paints in now: what a canvas, which CSS does not reach, draws its colours by. */
export function useColourMode(): ColourMode {
  return useSyncExternalStore(subscribe, paintedMode);
}
