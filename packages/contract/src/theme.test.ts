import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asThemeChoice, resolveColourMode, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, THEME_TEXTS } from './theme.ts';

/** Runs the boot script against a stored value and a system preference; returns the mode it set. */
function boot(stored: string | null, systemDark: boolean, storageThrows = false): string | undefined {
  let set: string | undefined;
  runInNewContext(THEME_BOOT_SCRIPT, {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('storage disabled');
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
    document: { documentElement: { setAttribute: (name: string, value: string) => name === 'data-bs-theme' && (set = value) } },
  });
  return set;
}

describe('colour theme', () => {
  it('the boot script applies a remembered choice, else the system one', () => {
    expect(boot('"dark"', false)).toBe('dark');
    expect(boot('"light"', true)).toBe('light');
    expect(boot('"system"', true)).toBe('dark');
    expect(boot(null, false)).toBe('light');
    expect(boot('not json', true)).toBe('dark');
    expect(boot(null, true, true)).toBe('dark');
  });

  it('resolves a choice the same way in the app', () => {
    expect(resolveColourMode('system', true)).toBe('dark');
    expect(resolveColourMode('system', false)).toBe('light');
    expect(resolveColourMode('light', true)).toBe('light');
    expect(resolveColourMode('dark', false)).toBe('dark');
    expect(asThemeChoice('dark')).toBe('dark');
    expect(asThemeChoice('blue')).toBe('system');
    expect(asThemeChoice(undefined)).toBe('system');
  });

  it('names its choices as the switch shows them', () => {
    expect(THEME_TEXTS).toEqual({ label: 'Theme', choices: { system: 'System', light: 'Light', dark: 'Dark' } });
  });
});
