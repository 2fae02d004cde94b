import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';

/** How answers are shown: Markdown rendered, or the text as the model wrote it. */
export type AnswerViewMode = 'rendered' | 'plain';

export const ANSWER_VIEW_STORAGE_KEY = 'promptpair.answerView';

const listeners = new Set<() => void>();

function read(): AnswerViewMode {
  return readStored(ANSWER_VIEW_STORAGE_KEY) === 'plain' ? 'plain' : 'rendered';
}

let current: AnswerViewMode | null = null;

function snapshot(): AnswerViewMode {
  current ??= read();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setAnswerView(mode: AnswerViewMode): void {
  current = mode;
  writeStored(ANSWER_VIEW_STORAGE_KEY, mode);
  for (const listener of listeners) listener();
}

/** Forgets the remembered choice in memory (tests clear localStorage between cases). */
export function resetAnswerViewForTests(): void {
  current = null;
}

/**
 * The visitor's choice, remembered in this browser and shared by every answer on screen (the main
 * page, the shared page, Log Details), so switching one switches them all.
 */
export function useAnswerView(): AnswerViewMode {
  return useSyncExternalStore(subscribe, snapshot);
}
