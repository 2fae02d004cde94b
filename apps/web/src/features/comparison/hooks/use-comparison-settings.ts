import type { Side, TServiceKind } from '@promptpair/contract';
import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import { DEFAULT_SIDE_SERVICES, type ComparisonSettings, type KindForms } from '../logic/settings-model.ts';
import { loadSettings, saveSettings } from '../logic/settings-storage.ts';
import { formOf, PAGE_SIDES, withForm } from '../logic/side-settings.ts';

const apply = <T>(update: SetStateAction<T>, current: T): T =>
  typeof update === 'function' ? (update as (previous: T) => T)(current) : update;

/** Both panels' settings, restored from and saved to this browser (keys only when opted in). */
export function useComparisonSettings() {
  const [settings, setSettings] = useState(loadSettings);

  useEffect(() => saveSettings(settings), [settings]);

  const setRememberKeys = useCallback((rememberKeys: boolean) => setSettings((current) => ({ ...current, rememberKeys })), []);
  /**
   * Fills the key fields from outside, e.g. after the subscription dialog saved keys (docs/product.md
   * §4): the keys of the spec's pair, each into its side's form of that service's kind.
   */
  const setApiKeys = useCallback((keys: Partial<Record<Side, string>>) => {
    setSettings((current) =>
      PAGE_SIDES.reduce((next, side) => {
        const key = keys[side];
        const { kind } = DEFAULT_SIDE_SERVICES[side];
        return key === undefined ? next : withForm(next, side, kind, { ...formOf(next, side, kind), apiKey: key });
      }, current),
    );
  }, []);

  /** One side's form of one kind (each side holds one per kind). */
  const setSideForm = useCallback(
    <K extends TServiceKind>(side: Side, kind: K, update: SetStateAction<KindForms[K]>) =>
      setSettings((current) => withForm(current, side, kind, apply(update, formOf(current, side, kind)))),
    [],
  );
  /** Any change of both sides at once: a service picked, both settled against the list of services. */
  const updateSettings = useCallback((update: (current: ComparisonSettings) => ComparisonSettings) => setSettings(update), []);

  return { settings, setRememberKeys, setApiKeys, setSideForm, updateSettings };
}
