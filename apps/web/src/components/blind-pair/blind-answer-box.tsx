import { BLIND_TEXTS, RUN_CONTROL_TEXTS, type TBlindAnswer } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { AnswerText } from '../answer/answer-text.tsx';
import { AlertBox } from '../ui/alert-box.tsx';
import { ScopeInHeading, useScopedName } from '../ui/landmark-scope.tsx';

interface BlindAnswerBoxProps {
  title: string;
  answer: TBlindAnswer | null;
  busy: boolean;
  headerActions?: ReactNode;
}

/** One answer before the vote: its label and its text (rendered as every answer is), nothing that could tell who wrote it. */
export function BlindAnswerBox({ title, answer, busy, headerActions }: BlindAnswerBoxProps) {
  const titleId = useId();
  const answerName = useScopedName(`${title} answer`);
  return (
    <section className="result-box h-100 shadow-sm card" aria-labelledby={titleId} aria-busy={busy}>
      <div className="result-box__header d-flex flex-wrap align-items-center justify-content-between gap-2 card-header">
        <h2 id={titleId} className="h6 mb-0">
          {title}
          <ScopeInHeading />
        </h2>
        {headerActions}
      </div>
      <div className="result-box__body card-body" tabIndex={0} role="region" aria-label={answerName}>
        {busy ? (
          <p className="text-body-secondary mb-0">
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            {RUN_CONTROL_TEXTS.waitingBoth}
          </p>
        ) : answer === null ? null : answer.failed ? (
          <AlertBox variant="warning" className="mb-0">
            {BLIND_TEXTS.failed}
          </AlertBox>
        ) : (
          <div className="result-box__message">
            <AnswerText text={answer.message ?? ''} />
          </div>
        )}
      </div>
    </section>
  );
}
