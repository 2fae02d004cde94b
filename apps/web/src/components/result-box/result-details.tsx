import { describeStoppedSide, SPEC_PAIR_NAMES, type Side, type TServiceResult } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { AnswerText } from '../answer/answer-text.tsx';
import { AnswerCostTerms } from './answer-cost.tsx';
import { formatSeconds, formatTokensPerSecond, tokensPerSecond } from './answer-speed.ts';

interface ResultDetailsProps {
  side: Side;
  result: TServiceResult;
  messageContent?: ReactNode;
  /** The side's name for a pair other than the spec's (service · model). */
  sideName?: string | undefined;
}

/**
 * Time to first token, elapsed time, tokens and tokens per second, then the message and the raw
 * output, with tokens in and out and the cost. Tokens, message and raw output only when the answer has them (docs/product.md §2); the two speeds
 * always, with "—" when they cannot be known.
 */
export function ResultDetails({ side, result, messageContent, sideName }: ResultDetailsProps) {
  const hasRaw = result.rawOutput !== null && result.rawOutput !== undefined;
  const rawHeading = useId();
  return (
    <>
      <dl className="result-box__meta small text-body-secondary">
        <div>
          <dt>Time to first token</dt>
          <dd>{formatSeconds(result.timeToFirstToken ?? null)}</dd>
        </div>
        <div>
          <dt>Elapsed time</dt>
          <dd>{formatSeconds(result.elapsedTime)}</dd>
        </div>
        {result.tokens !== null && (
          <div>
            <dt>Tokens</dt>
            <dd>{result.tokens}</dd>
          </div>
        )}
        <div>
          <dt>Tokens per second</dt>
          <dd>{formatTokensPerSecond(tokensPerSecond(result))}</dd>
        </div>
        <AnswerCostTerms result={result} />
      </dl>
      {result.message !== null && (
        <div className="result-box__message">{messageContent ?? <AnswerText text={result.message} />}</div>
      )}
      {result.stopped === true && (
        <p className="result-box__stopped small fst-italic text-body-secondary mt-2 mb-0">
          {describeStoppedSide(sideName ?? SPEC_PAIR_NAMES[side], result.message !== null)}
        </p>
      )}
      {hasRaw && (
        <>
          <h3 id={rawHeading} className="h6 mt-3 mb-1 small text-body-secondary">
            Raw output
          </h3>
          {/* Its own scroll area for wide JSON: a named region, focusable so it scrolls from the keyboard too. */}
          <pre className="result-box__raw scroll-cue small border rounded p-2 mb-0" tabIndex={0} role="region" aria-labelledby={rawHeading}>
            {JSON.stringify(result.rawOutput, null, 2)}
          </pre>
        </>
      )}
    </>
  );
}
