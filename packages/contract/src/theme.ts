// The colour theme: the visitor's choice, where it is kept, and the script that applies it before the
// first paint. No zod, so the page's first bundle can use it (docs/decisions.md, "Dark theme").

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ColourMode = 'light' | 'dark';

/** localStorage key; the value is JSON, like every other remembered choice of the page. */
export const THEME_STORAGE_KEY = 'promptpair.theme';

export const THEME_TEXTS = {
  label: 'Theme',
  choices: { system: 'System', light: 'Light', dark: 'Dark' } satisfies Record<ThemeChoice, string>,
} as const;

/**
 * Runs in the page's head before the stylesheet paints anything: sets `data-bs-theme` on `<html>`
 * from the remembered choice, or from the system's when there is none (or it is "system"). The
 * server allows exactly this text by its hash in the Content-Security-Policy, so any change here
 * changes the hash with it; nothing else may run inline.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var c;try{c=JSON.parse(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}))}catch(e){}` +
  `if(c!=="light"&&c!=="dark")c=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
  `document.documentElement.setAttribute("data-bs-theme",c)})()`;

/** The mode a choice paints in, given whether the system prefers dark. */
export function resolveColourMode(choice: ThemeChoice, systemPrefersDark: boolean): ColourMode {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** A stored value read as a choice; anything else is "system". */
export function asThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}
