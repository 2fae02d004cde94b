import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import type { BardForm, ChatGptForm } from '../logic/settings-model.ts';
import { loadSettings, saveSettings } from '../logic/settings-storage.ts';

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

  return { settings, setChatGPT, setBard, setRememberKeys, setApiKeys };
}
