import { asThemeChoice, THEME_CHOICES, THEME_TEXTS } from '@promptpair/contract';
import { useEffect, useId } from 'react';
import { setThemeChoice, useThemeChoice, watchTheme } from '../../lib/theme.ts';

/**
 * Light, dark, or whatever the system says: remembered in this browser, for every page. While it is
 * shown it also keeps the page in step with the system and with other tabs.
 */
export function ThemeSwitch() {
  const id = useId();
  const choice = useThemeChoice();
  useEffect(watchTheme, []);
  return (
    <div className="d-flex align-items-center gap-2 small">
      <label htmlFor={id} className="mb-0">
        {THEME_TEXTS.label}
      </label>
      <select id={id} className="form-select form-select-sm w-auto" value={choice} onChange={(event) => setThemeChoice(asThemeChoice(event.currentTarget.value))}>
        {THEME_CHOICES.map((option) => (
          <option key={option} value={option}>
            {THEME_TEXTS.choices[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
