import { RESULT_TITLES, type TComparisonResponse } from '@promptpair/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { AnswerPairLayout } from '../../../components/answer-pair/answer-pair-layout.tsx';
import { ResultBox } from '../../../components/result-box/result-box.tsx';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';
import { useWordDiff } from '../hooks/use-word-diff.ts';
import { DiffText } from './diff-text.tsx';
import { ShareButton } from './share-button.tsx';
import { VerdictLine } from './verdict-line.tsx';
import './results-section.css';

interface ResultsSectionProps {
  result: TComparisonResponse | null;
  busy: boolean;
  /** The visitor's own key was sent: costs are estimates at list prices. */
  ownKey?: boolean;
}

const boxFailed = (title: string) => (
  <AlertBox variant="danger" className="h-100 mb-0">
    The {title} answer could not be displayed.
  </AlertBox>
);

/** The verdict, the two answers (side by side, one expanded, or tabs on a phone), the differences toggle and Share. */
export function ResultsSection({ result, busy, ownKey = false }: ResultsSectionProps) {
  const [showDiff, setShowDiff] = useState(false);
  const chatMessage = result?.chatGPT.errorMsg === null ? result.chatGPT.message : null;
  const palmMessage = result?.palmAPI.errorMsg === null ? result.palmAPI.message : null;
  const canDiff = !busy && chatMessage !== null && palmMessage !== null;
  const diff = useWordDiff(chatMessage, palmMessage, showDiff && canDiff);

  return (
    <section aria-label="Results" className="mt-4">
      {/* Always rendered, with a fixed height, so Share appearing never moves the boxes. */}
      <div className="results-toolbar d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <Form.Switch
          id="show-differences"
          label="Show differences"
          checked={showDiff}
          disabled={!canDiff}
          onChange={(event) => setShowDiff(event.currentTarget.checked)}
        />
        {diff && <span className="small text-body-secondary">Highlighted words appear in only one of the two answers.</span>}
        {result && !busy && <ShareButton logId={result.logId} />}
      </div>
      {result && !busy && (
        <VerdictLine a={{ ...result.chatGPT, label: RESULT_TITLES.chatGPT }} b={{ ...result.palmAPI, label: RESULT_TITLES.palmAPI }} ownKey={ownKey} />
      )}
      <AnswerPairLayout
        left={{
          title: RESULT_TITLES.chatGPT,
          render: (expandButton) => (
            <ErrorBoundary fallback={boxFailed(RESULT_TITLES.chatGPT)}>
              <ResultBox
                title={RESULT_TITLES.chatGPT}
                result={result?.chatGPT ?? null}
                busy={busy}
                headerActions={expandButton}
                messageContent={diff ? <DiffText segments={diff.chatGPT} service={RESULT_TITLES.chatGPT} /> : undefined}
              />
            </ErrorBoundary>
          ),
        }}
        right={{
          title: RESULT_TITLES.palmAPI,
          render: (expandButton) => (
            <ErrorBoundary fallback={boxFailed(RESULT_TITLES.palmAPI)}>
              <ResultBox
                title={RESULT_TITLES.palmAPI}
                result={result?.palmAPI ?? null}
                busy={busy}
                headerActions={expandButton}
                messageContent={diff ? <DiffText segments={diff.palm} service={RESULT_TITLES.palmAPI} /> : undefined}
              />
            </ErrorBoundary>
          ),
        }}
      />
    </section>
  );
}
