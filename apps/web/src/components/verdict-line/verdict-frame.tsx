import { READING_TEXTS } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { ScopeInHeading, useScopedName } from '../ui/landmark-scope.tsx';
import './verdict-line.css';

/*
 * The verdict's frame and its place while the answers arrive, apart from its sentences
 * (verdict-line.tsx): the page shows the place at first paint, the sentences load after it.
 */

/**
 * The verdict's frame: its landmark and heading, both named after the prompt on a page of several.
 * It grows with its text and never scrolls, so nothing in it is cut off or needs focus to be read.
 */
export function VerdictFrame({ children }: { children: ReactNode }) {
  return (
    <section className="verdict-line border rounded px-3 py-2 mb-2 small" aria-label={useScopedName(READING_TEXTS.verdict)}>
      <h2 className="h6 mb-1">
        {READING_TEXTS.verdict}
        <ScopeInHeading />
      </h2>
      {children}
    </section>
  );
}

/**
 * The verdict's place before both answers are done: the same room kept, so the answers below do
 * not move when the verdict arrives.
 */
export function VerdictPending() {
  return (
    <VerdictFrame>
      <p className="text-body-secondary mb-0">{READING_TEXTS.verdictPending}</p>
    </VerdictFrame>
  );
}
