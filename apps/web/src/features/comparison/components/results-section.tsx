import { MESSAGES, SPEC_PAIR_NAMES, type Side } from '@promptpair/contract';
import type { ComparisonMarkdownInput } from '@promptpair/contract/comparison-markdown';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { FormCheck } from 'react-bootstrap';
import { AnswerPairLayout } from '../../../components/answer-pair/answer-pair-layout.tsx';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import { AnswerViewToggle } from '../../../components/answer/answer-view-toggle.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { useWordDiff } from '../hooks/use-word-diff.ts';
import { isInFlight, sideView, type Run } from '../logic/stream-state.ts';
import { DiffText } from './diff-text.tsx';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { VerdictPending } from '../../../components/verdict-line/verdict-frame.tsx';
import { sentSettings } from '../../../lib/sent-settings.ts';
import './results-section.css';

// The verdict's sentences are needed once both answers are in: they load after the first paint,
// and until they are here the verdict keeps its place as while the answers arrive.
const loadVerdictLine = () => import('../../../components/verdict-line/verdict-line.tsx');
const VerdictLine = lazy(() => loadVerdictLine().then((m) => ({ default: m.VerdictLine })));

interface ResultsSectionProps {
  run: Run | null;
  /** The visitor's own key was sent: costs are estimates at list prices. */
  ownKey?: boolean;
}

const boxFailed = (title: string) => (
  <AlertBox variant="danger" className="h-100 mb-0">
    The {title} answer could not be displayed.
  </AlertBox>
);

/** A side's answer when it can be compared: finished (or stopped) with text and no error. */
function comparableMessage(run: Run | null, side: Side): string | null {
  const view = sideView(run, side);
  return view.kind === 'final' && view.result.errorMsg === null ? view.result.message : null;
}

/** The comparison on screen for the Markdown copy, once it is over; null while it runs or before any. */
export function markdownComparison(run: Run | null, ownKey: boolean): Omit<ComparisonMarkdownInput, 'similarity'> | null {
  if (run === null || isInFlight(run) || !run.request) return null;
  const sent = sentSettings(run.request);
  const side = (side: Side) => {
    const view = sideView(run, side);
    return { settings: sent[side], result: view.kind === 'final' ? view.result : null, ...(run.titles ? { label: run.titles[side] } : {}) };
  };
  return { prompt: run.request.prompt, a: side('a'), b: side('b'), ownKey };
}

/**
 * The verdict once both are done, and the two answers (side by side, one expanded, or tabs on a
 * phone), filling as they stream in; the Rendered/Plain text switch, the differences toggle and Share.
 */
export function ResultsSection({ run, ownKey = false }: ResultsSectionProps) {
  const [showDiff, setShowDiff] = useState(false);
  const busy = isInFlight(run);
  const messageA = comparableMessage(run, 'a');
  const messageB = comparableMessage(run, 'b');
  const canDiff = !busy && messageA !== null && messageB !== null;
  const diff = useWordDiff(messageA, messageB, showDiff && canDiff);
  // A comparison the server accepted can be shared once it is over, stopped ones too (they are
  // logged); one the server could not save has no logId, so it cannot.
  const shareId = !busy && run !== null && run.status !== 'failed' ? run.logId : null;
  useEffect(() => {
    loadVerdictLine().catch((error: unknown) => console.error('Could not load the verdict', error));
  }, []);

  // A general pair's boxes carry the names given when it was sent; the spec's pair keeps its own.
  const titles: Record<Side, string> = run?.titles ?? SPEC_PAIR_NAMES;
  const viewA = sideView(run, 'a');
  const viewB = sideView(run, 'b');
  const verdict = !busy && viewA.kind === 'final' && viewB.kind === 'final' ? { a: viewA.result, b: viewB.result } : null;

  const box = (side: Side, segments: Parameters<typeof DiffText>[0]['segments'] | undefined, headerActions: ReactNode) => {
    const view = sideView(run, side);
    return (
      <ErrorBoundary fallback={boxFailed(titles[side])}>
        <ResultBox
          side={side}
          {...(run?.titles ? { sideName: titles[side] } : {})}
          result={view.kind === 'final' ? view.result : null}
          busy={view.kind === 'waiting'}
          liveText={view.kind === 'writing' ? view.text : undefined}
          headerActions={headerActions}
          messageContent={
            segments ? (
              // The differences are words of the plain text, whichever way answers are shown.
              <div className="answer-plain">
                <DiffText segments={segments} service={titles[side]} />
              </div>
            ) : undefined
          }
        />
      </ErrorBoundary>
    );
  };

  return (
    <section aria-label="Results" className="mt-4">
      {/* Always rendered, with a fixed height, so Share appearing never moves the boxes. */}
      <div className="results-toolbar d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div className="d-flex flex-wrap align-items-center gap-3">
          <AnswerViewToggle />
          <FormCheck
            type="switch"
            id="show-differences"
            label="Show differences"
            checked={showDiff}
            disabled={!canDiff}
            onChange={(event) => setShowDiff(event.currentTarget.checked)}
          />
        </div>
        {diff && <span className="small text-body-secondary">Highlighted words appear in only one of the two answers.</span>}
        {/* Kept in place while hidden: on a phone the toolbar wraps, and Share appearing must not move the boxes. */}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <MarkdownActions comparison={markdownComparison(run, ownKey)} fileId={run?.logId ?? 'unsaved'} />
          <div style={shareId === null ? { visibility: 'hidden' } : undefined}>
            <ShareButton logId={shareId ?? ''} />
          </div>
        </div>
      </div>
      {/* The database failed after both answers: they are here, but nothing was kept (Share stays hidden: no logId). */}
      {!busy && run?.unsaved && <AlertBox variant="warning">{MESSAGES.comparisonNotSaved}</AlertBox>}
      {verdict ? (
        <Suspense fallback={<VerdictPending />}>
          <VerdictLine a={{ ...verdict.a, label: titles.a }} b={{ ...verdict.b, label: titles.b }} ownKey={ownKey} />
        </Suspense>
      ) : (
        <VerdictPending />
      )}
      <AnswerPairLayout
        left={{ title: titles.a, render: (expand) => box('a', diff?.a, expand) }}
        right={{ title: titles.b, render: (expand) => box('b', diff?.b, expand) }}
      />
    </section>
  );
}
