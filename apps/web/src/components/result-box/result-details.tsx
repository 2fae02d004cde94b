import type { TServiceResult } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { AnswerCostTerms } from './answer-cost.tsx';

interface ResultDetailsProps {
  result: TServiceResult;
  messageContent?: ReactNode;
}

/** Elapsed time, message, token count, cost and raw output; each only when the answer has it. */
export function ResultDetails({ result, messageContent }: ResultDetailsProps) {
  const hasRaw = result.rawOutput !== null && result.rawOutput !== undefined;
  return (
    <>
      <dl className="result-box__meta small text-body-secondary">
        <div>
          <dt>Elapsed time</dt>
          <dd>{result.elapsedTime.toFixed(2)} seconds</dd>
        </div>
        {result.tokens !== null && (
          <div>
            <dt>Tokens</dt>
            <dd>{result.tokens}</dd>
          </div>
        )}
        <AnswerCostTerms result={result} />
      </dl>
      {result.message !== null && <div className="result-box__message">{messageContent ?? result.message}</div>}
      {hasRaw && (
        <>
          <h3 className="h6 mt-3 mb-1 small text-body-secondary">Raw output</h3>
          {/* Its own scroll area for wide JSON; focusable so it scrolls from the keyboard too. */}
          <pre className="result-box__raw small bg-body-tertiary border rounded p-2 mb-0" tabIndex={0}>
            {JSON.stringify(result.rawOutput, null, 2)}
          </pre>
        </>
      )}
    </>
  );
}
