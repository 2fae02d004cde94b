import { MESSAGES, type TServiceResult } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { Card, Spinner } from 'react-bootstrap';
import { AlertBox } from '../ui/alert-box.tsx';
import { ResultDetails } from './result-details.tsx';
import './result-box.css';

export interface ResultBoxProps {
  title: string;
  /** null until the first answer arrives: the box then shows the pending text (SPEC §4). */
  result: TServiceResult | null;
  /** A request is in flight; the last answer is replaced by a waiting note. */
  busy?: boolean;
  /** Replaces the plain message text, e.g. with highlighted differences. Must render text only. */
  messageContent?: ReactNode;
  /** Controls in the header beside the title, e.g. the expand button. */
  headerActions?: ReactNode;
  /** A note under the title, e.g. that the answer names its own maker. */
  badge?: ReactNode;
}

/**
 * One service's answer (SPEC §2 "Result box"). Upstream text is rendered as React text nodes,
 * never as HTML. The body has a fixed height so nothing below moves when an answer arrives.
 */
export function ResultBox({ title, result, busy = false, messageContent, headerActions, badge }: ResultBoxProps) {
  const titleId = useId();
  return (
    <Card as="section" className="result-box h-100 shadow-sm" aria-labelledby={titleId} aria-busy={busy}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id={titleId} className="h6 mb-0">
          {title}
        </h2>
        {badge}
        {headerActions}
      </Card.Header>
      {/* Focusable so keyboard users can scroll a long answer. */}
      <Card.Body className="result-box__body" tabIndex={0} role="region" aria-label={`${title} answer`}>
        {busy ? (
          <p className="text-body-secondary mb-0">
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            Waiting for {title}…
          </p>
        ) : result === null ? (
          <p className="text-body-secondary mb-0">{MESSAGES.pendingResult}</p>
        ) : result.errorMsg !== null ? (
          <AlertBox variant="danger" className="mb-0">
            {result.errorMsg}
          </AlertBox>
        ) : (
          <ResultDetails result={result} messageContent={messageContent} />
        )}
      </Card.Body>
    </Card>
  );
}
