import { lazy, Suspense } from 'react';
import { useAnswerView, type AnswerViewMode } from './answer-view.ts';
import './answer-text.css';

const loadMarkdown = () => import('./markdown-answer.tsx');
const MarkdownAnswer = lazy(() => loadMarkdown().then((m) => ({ default: m.MarkdownAnswer })));

/**
 * Starts loading the Markdown renderer (about the size of the first page again) ahead of need, e.g.
 * when a comparison is sent, so the first text arrives to a renderer that is ready.
 */
export function preloadMarkdown(): void {
  loadMarkdown().catch((error: unknown) => console.error('Could not load the Markdown renderer', error));
}

export interface AnswerTextProps {
  /** Untrusted model output. */
  text: string;
  /** Defaults to the visitor's remembered choice. */
  view?: AnswerViewMode;
}

/** Plain text: React text nodes with the line breaks kept (SPEC §2); never HTML. */
export function PlainAnswer({ text }: { text: string }) {
  return <div className="answer-plain">{text}</div>;
}

/**
 * An answer as the visitor chose to see it: rendered Markdown (loaded on first use; until then the
 * plain text stands in) or plain text.
 */
export function AnswerText({ text, view }: AnswerTextProps) {
  const remembered = useAnswerView();
  if ((view ?? remembered) === 'plain') return <PlainAnswer text={text} />;
  return (
    <Suspense fallback={<PlainAnswer text={text} />}>
      <MarkdownAnswer text={text} />
    </Suspense>
  );
}
