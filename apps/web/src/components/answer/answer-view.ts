import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';

/** How answers are shown: Markdown rendered, or the text as the model wrote it. */
export type AnswerViewMode = 'rendered' | 'plain';

export const ANSWER_VIEW_STORAGE_KEY = 'promptpair.answerView';

const listeners = new Set<() => void>();

/** Read from storage each time (a short string): storage stays the one place the choice lives. */
export function readAnswerView(): AnswerViewMode {
  return readStored(ANSWER_VIEW_STORAGE_KEY) === 'plain' ? 'plain' : 'rendered';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab switching answers switches this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function setAnswerView(mode: AnswerViewMode): void {
  writeStored(ANSWER_VIEW_STORAGE_KEY, mode);
  for (const listener of listeners) listener();
}

/**
 * The visitor's choice, remembered in this browser and shared by every answer on screen (the main
 * page, the shared page, Log Details), so switching one switches them all.
 */
export function useAnswerView(): AnswerViewMode {
  return useSyncExternalStore(subscribe, readAnswerView);
}
