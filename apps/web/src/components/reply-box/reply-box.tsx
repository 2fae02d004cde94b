import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormControl, FormGroup, FormLabel, FormText } from 'react-bootstrap';
import { SpinnerButton } from '../ui/spinner-button.tsx';

export interface ReplyBoxProps {
  label: string;
  hint: string;
  sendLabel: string;
  busy: boolean;
  /** Sends the text; resolves true when it went, and the box is emptied. */
  onSend: (text: string) => Promise<boolean>;
  /** Beside the send button, e.g. "End and reveal". */
  actions?: ReactNode;
}

/** The next message of a conversation: a text box that sends with its button or Ctrl+Enter (⌘+Enter on a Mac). */
export function ReplyBox({ label, hint, sendLabel, busy, onSend, actions }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const id = useId();
  const send = async () => {
    if (busy || text.trim() === '') return;
    if (await onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void send();
  };
  return (
    <form
      noValidate
      aria-label={label}
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FormGroup controlId={`${id}-reply`}>
        <FormLabel className="fw-semibold">{label}</FormLabel>
        <FormControl as="textarea" rows={3} value={text} aria-describedby={`${id}-hint`} onChange={(event) => setText(event.currentTarget.value)} onKeyDown={onKeyDown} />
        <FormText id={`${id}-hint`}>{hint}</FormText>
      </FormGroup>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <SpinnerButton type="submit" busy={busy} disabled={text.trim() === ''} aria-keyshortcuts="Control+Enter Meta+Enter">
          {sendLabel}
        </SpinnerButton>
        {actions}
      </div>
    </form>
  );
}
