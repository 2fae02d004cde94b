import { MESSAGES, RUN_CONTROL_TEXTS, SPEC_PAIR_NAMES, type Side, type TServiceResult } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { AnswerText } from '../answer/answer-text.tsx';
import { AlertBox } from '../ui/alert-box.tsx';
import { CopyButton } from '../ui/copy-button.tsx';
import { ScopeInHeading, useScopedName } from '../ui/landmark-scope.tsx';
import { ResultDetails } from './result-details.tsx';
import { useFollowWriting } from './use-follow-writing.ts';
import '../ui/scroll-cue.css';
import './result-box.css';

export interface ResultBoxProps {
  /** The box's side: a left, b right. */
  side: Side;
  /** The side's final result; null until there is one (the box then shows the pending text, docs/product.md §4). */
  result: TServiceResult | null;
  /** A request is in flight and this side has sent no text yet: a waiting note. */
  busy?: boolean;
  /** The text so far while this side is still writing (streamed). */
  liveText?: string;
  /** Replaces the message, e.g. with highlighted differences. Must render text only. */
  messageContent?: ReactNode;
  /** The box's title when it is not the service's own (a revealed blind answer: "Answer A: ChatGPT"). */
  title?: string;
  /**
   * The side's name for a pair other than the spec's ("Claude · claude-haiku-5-5"): the title, the
   * waiting and the stopped notes use it; the spec's pair leaves it out and keeps its titles.
   */
  sideName?: string;
  /** Controls in the header beside the title, e.g. the expand button. */
  headerActions?: ReactNode;
  /** A note under the title, e.g. that the answer names its own maker. */
  badge?: ReactNode;
}

/** The text the Copy button copies: the answer as the model wrote it (Markdown source). */
function copyableText({ result, liveText }: ResultBoxProps): string | null {
  if (liveText !== undefined) return liveText;
  return result?.message ?? null;
}

function Body({ side, result, busy, liveText, messageContent, sideName, title: shownTitle }: ResultBoxProps) {
  const title = sideName ?? shownTitle ?? SPEC_PAIR_NAMES[side];
  if (liveText !== undefined) {
    return (
      <div className="result-box__message">
        <AnswerText text={liveText} />
      </div>
    );
  }
  if (busy) {
    return (
      <p className="text-body-secondary mb-0">
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        {RUN_CONTROL_TEXTS.waitingFor(title)}
      </p>
    );
  }
  if (result === null) return <p className="text-body-secondary mb-0">{MESSAGES.pendingResult}</p>;
  if (result.errorMsg !== null) {
    return (
      <>
        <AlertBox variant="danger" className="mb-0">
          {result.errorMsg}
        </AlertBox>
        {/* An answer that broke off part-way keeps what the visitor already read. */}
        {result.message !== null && (
          <div className="result-box__message mt-3">
            <AnswerText text={result.message} />
          </div>
        )}
      </>
    );
  }
  return <ResultDetails side={side} result={result} messageContent={messageContent} sideName={sideName} />;
}

/**
 * One service's answer (docs/product.md §2 "Result box"). Upstream text is untrusted: it is rendered as React
 * text nodes or as sanitised Markdown, never as HTML. The body has a fixed height so nothing below
 * moves while an answer streams in.
 */
export function ResultBox(props: ResultBoxProps) {
  const { side, result, busy = false, liveText, headerActions, badge } = props;
  const titleId = useId();
  const title = props.title ?? props.sideName ?? SPEC_PAIR_NAMES[side];
  const writing = liveText !== undefined;
  const copyable = copyableText(props);
  const { body, onScroll, onWheel, onKeyDown } = useFollowWriting(liveText);
  const answerName = useScopedName(`${title} answer`);
  return (
    <section className="result-box h-100 shadow-sm card" aria-labelledby={titleId} aria-busy={busy || writing}>
      <div className="result-box__header d-flex flex-wrap align-items-center justify-content-between gap-2 card-header">
        <h2 id={titleId} className="h6 mb-0">
          {title}
          <ScopeInHeading />
          {writing && (
            <span className="small text-body-secondary fw-normal ms-2">
              <Spinner as="span" animation="grow" size="sm" className="me-1" aria-hidden="true" />
              {RUN_CONTROL_TEXTS.writing}
            </span>
          )}
          {!writing && result?.stopped === true && <span className="badge text-bg-warning ms-2">{RUN_CONTROL_TEXTS.stopped}</span>}
        </h2>
        {badge}
        <span className="d-flex flex-wrap gap-2 mw-100">
          {copyable !== null && copyable !== '' && <CopyButton text={copyable} label={`Copy ${answerName}`} />}
          {headerActions}
        </span>
      </div>
      {/* Focusable so keyboard users can scroll a long answer; its edges shade while more is behind them. */}
      <div
        ref={body}
        onScroll={onScroll}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        className="result-box__body scroll-cue card-body"
        tabIndex={0}
        role="region"
        aria-label={answerName}
      >
        <Body {...props} busy={busy} />
      </div>
    </section>
  );
}
