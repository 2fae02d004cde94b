import { MARKDOWN_ACTION_TEXTS } from '@promptpair/contract';
import type { ComparisonMarkdownInput } from '@promptpair/contract/comparison-markdown';
import { lazy, Suspense } from 'react';

/** A comparison as the Markdown writer takes it, without the similarity (worked out on use). */
export type MarkdownComparison = Omit<ComparisonMarkdownInput, 'similarity'>;

export interface MarkdownActionsProps {
  /**
   * The comparison, without the similarity (worked out on use). Blind comparisons pass it only once
   * voted on. Null keeps the controls' place, unseen, so nothing moves when a comparison arrives.
   */
  comparison: MarkdownComparison | null;
  /** A conversation's turns in order: the document then holds every one of them (`comparison` is its latest). */
  turns?: readonly (MarkdownComparison & { turn: number })[] | undefined;
  /** Names the downloaded file (a log id or a share hash). */
  fileId: string;
  /** Read after each button's name where a page lists several comparisons (Log Details). */
  context?: string;
}

// The buttons and the Markdown writer load with the first comparison shown: the first bundle of
// the page holds only this place keeper (docs/decisions.md, "A comparison as Markdown").
const MarkdownActionButtons = lazy(() => import('./markdown-action-buttons.tsx').then((m) => ({ default: m.MarkdownActionButtons })));

/** The buttons' place, the same size and unseen: before a comparison, and while their code loads. */
function PlaceKeeper() {
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2" style={{ visibility: 'hidden' }} aria-hidden="true">
      <span className="btn btn-sm border">{MARKDOWN_ACTION_TEXTS.copy}</span>
      <span className="btn btn-sm border">{MARKDOWN_ACTION_TEXTS.download}</span>
    </span>
  );
}

/** "Copy as Markdown" and "Download as Markdown" for one comparison, or their unseen place. */
export function MarkdownActions({ comparison, ...rest }: MarkdownActionsProps) {
  if (comparison === null) return <PlaceKeeper />;
  return (
    <Suspense fallback={<PlaceKeeper />}>
      <MarkdownActionButtons comparison={comparison} {...rest} />
    </Suspense>
  );
}
