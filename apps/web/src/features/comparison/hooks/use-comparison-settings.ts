import type { Side, TServiceKind } from '@promptpair/contract';
import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import type { BardForm, ChatGptForm, ComparisonSettings, KindForms } from '../logic/settings-model.ts';
import { loadSettings, saveSettings } from '../logic/settings-storage.ts';
import { formOf, withForm } from '../logic/side-settings.ts';

const apply = <T>(update: SetStateAction<T>, current: T): T =>
  typeof update === 'function' ? (update as (previous: T) => T)(current) : update;

/** Both panels' settings, restored from and saved to this browser (keys only when opted in). */
export function useComparisonSettings() {
  const [settings, setSettings] = useState(loadSettings);

  useEffect(() => saveSettings(settings), [settings]);

  const setChatGPT = useCallback(
    (update: SetStateAction<ChatGptForm>) => setSettings((current) => ({ ...current, chatGPT: apply(update, current.chatGPT) })),
    [],
  );
  const setBard = useCallback(
    (update: SetStateAction<BardForm>) => setSettings((current) => ({ ...current, bard: apply(update, current.bard) })),
    [],
  );
  const setRememberKeys = useCallback((rememberKeys: boolean) => setSettings((current) => ({ ...current, rememberKeys })), []);
  /** Fills the key fields from outside, e.g. after the subscription dialog saved keys (docs/product.md §4). */
  const setApiKeys = useCallback((keys: { chatGPT?: string; bard?: string }) => {
    setSettings((current) => ({
      ...current,
      chatGPT: keys.chatGPT === undefined ? current.chatGPT : { ...current.chatGPT, apiKey: keys.chatGPT },
      bard: keys.bard === undefined ? current.bard : { ...current.bard, apiKey: keys.bard },
    }));
  }, []);

  /** One side's form of one kind (each side holds one per kind). */
  const setSideForm = useCallback(
    <K extends TServiceKind>(side: Side, kind: K, update: SetStateAction<KindForms[K]>) =>
      setSettings((current) => withForm(current, side, kind, apply(update, formOf(current, side, kind)))),
    [],
  );
  /** Any change of both sides at once: a service picked, both settled against the list of services. */
  const updateSettings = useCallback((update: (current: ComparisonSettings) => ComparisonSettings) => setSettings(update), []);

  return { settings, setChatGPT, setBard, setRememberKeys, setApiKeys, setSideForm, updateSettings };
}
