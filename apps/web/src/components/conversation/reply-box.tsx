import { CONVERSATION_TEXTS as T } from '@promptpair/contract';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { AlertBox } from '../ui/alert-box.tsx';
import { SpinnerButton } from '../ui/spinner-button.tsx';

interface ReplyBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Sends the reply to both sides (the button, or Ctrl/⌘+Enter in the box). */
  onSend: () => void;
  /** A turn is running: sending waits, and Stop stops that turn. */
  running: boolean;
  onStop: () => void;
  /** Why the last reply was refused, in the server's words; what was typed stays. */
  refusal: string | null;
  /** Other ways to send, after the send button (e.g. each side's choices). */
  children?: ReactNode;
}

/** The next message of a conversation: a labelled box, its send and stop buttons, and a refusal beside them. */
export function ReplyBox({ value, onChange, onSend, running, onStop, refusal, children }: ReplyBoxProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!running) onSend();
  };
  return (
    <form
      noValidate
      aria-label={T.replyLabel}
      className="reply-box mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!running) onSend();
      }}
    >
      <label htmlFor={`${id}-text`} className="form-label fw-semibold">
        {T.replyLabel}
      </label>
      <textarea
        id={`${id}-text`}
        className="form-control"
        rows={3}
        value={value}
        aria-describedby={`${id}-hint`}
        aria-invalid={refusal !== null || undefined}
        aria-errormessage={refusal !== null ? `${id}-refusal` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div id={`${id}-hint`} className="form-text">
        {T.replyHint}
      </div>
      {refusal !== null && (
        <div id={`${id}-refusal`} className="mt-2">
          <AlertBox variant="danger" className="mb-0">
            {refusal}
          </AlertBox>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <SpinnerButton type="submit" busy={running}>
          {T.send}
        </SpinnerButton>
        {running && (
          <Button variant="outline-danger" onClick={onStop} aria-keyshortcuts="Escape" title="Stop (Esc)">
            {T.stop}
          </Button>
        )}
      </div>
      {children}
    </form>
  );
}
