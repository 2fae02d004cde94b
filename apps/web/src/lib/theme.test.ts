import { THEME_STORAGE_KEY } from '@promptpair/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readThemeChoice, setThemeChoice, useColourMode, watchTheme } from './theme.ts';

/** A system preference the test can flip, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = { matches: dark, addEventListener: (_: string, fn: () => void) => listeners.add(fn), removeEventListener: (_: string, fn: () => void) => listeners.delete(fn) };
  vi.stubGlobal('matchMedia', () => media);
  return {
    set(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

const mode = () => document.documentElement.getAttribute('data-bs-theme');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.removeAttribute('data-bs-theme');
});

describe('colour theme', () => {
  it('remembers the choice and paints in it at once', () => {
    fakeSystem(true);
    setThemeChoice('light');
    expect(mode()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('"light"');
    expect(readThemeChoice()).toBe('light');
  });

  it('follows the system while the choice is "system", and only then', () => {
    const system = fakeSystem(false);
    const stop = watchTheme();
    expect(mode()).toBe('light');
    system.set(true);
    expect(mode()).toBe('dark');
    setThemeChoice('light');
    system.set(true);
    expect(mode()).toBe('light');
    stop();
  });

  it('takes another tab\'s choice', () => {
    fakeSystem(false);
    const stop = watchTheme();
    localStorage.setItem(THEME_STORAGE_KEY, '"dark"');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(mode()).toBe('dark');
    stop();
  });

  it('tells a canvas the mode painted now, the system\'s included, as it changes', () => {
    const system = fakeSystem(false);
    const stop = watchTheme();
    const { result } = renderHook(() => useColourMode());
    expect(result.current).toBe('light');
    act(() => system.set(true));
    expect(result.current).toBe('dark');
    act(() => setThemeChoice('light'));
    expect(result.current).toBe('light');
    stop();
  });
});
