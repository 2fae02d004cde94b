import { RUN_CONTROL_TEXTS } from '@promptpair/contract';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { AlertBox } from '../ui/alert-box.tsx';
import { SpinnerButton } from '../ui/spinner-button.tsx';

export interface ReplyBoxProps {
  /** Names the form and its box. */
  label: string;
  hint: string;
  sendLabel: string;
  value: string;
  onChange: (text: string) => void;
  /** Sends what is in the box (the button, or Ctrl/⌘+Enter in it); never called while busy. */
  onSend: () => void;
  /** A turn is on its way: the send button spins and sending waits. */
  busy: boolean;
  /** Send stays off while the box is blank; without it, sending a blank box is the caller's to refuse. */
  requireText?: boolean;
  /** Shown while busy: the button that stops the turn on its way. */
  stop?: { label: string; onStop: () => void };
  /** Why the last reply was refused; shown beside the box as its error, and what was typed stays. */
  refusal?: string | null;
  /** Beside the send button, e.g. "End and reveal". */
  actions?: ReactNode;
  /** Under the buttons, e.g. each side's choices. */
  children?: ReactNode;
}

/**
 * The next message of a conversation, open or blind: a labelled box, its send button (Ctrl+Enter,
 * ⌘+Enter on a Mac), a stop button while a turn runs, and a refusal kept beside the box.
 */
export function ReplyBox({ label, hint, sendLabel, value, onChange, onSend, busy, requireText = false, stop, refusal = null, actions, children }: ReplyBoxProps) {
  const id = useId();
  const blank = requireText && value.trim() === '';
  const send = () => {
    if (!busy && !blank) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    send();
  };
  return (
    <form
      noValidate
      aria-label={label}
      className="reply-box mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-text`} className="form-label fw-semibold">
        {label}
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
        {hint}
      </div>
      {refusal !== null && (
        <div id={`${id}-refusal`} className="mt-2">
          <AlertBox variant="danger" className="mb-0">
            {refusal}
          </AlertBox>
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <SpinnerButton type="submit" busy={busy} disabled={blank} aria-keyshortcuts="Control+Enter Meta+Enter">
          {sendLabel}
        </SpinnerButton>
        {busy && stop && (
          <Button variant="outline-danger" onClick={stop.onStop} aria-keyshortcuts="Escape" title={RUN_CONTROL_TEXTS.stopTooltip}>
            {stop.label}
          </Button>
        )}
        {actions}
      </div>
      {children}
    </form>
  );
}
