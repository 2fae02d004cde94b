import type { KeyboardEvent } from 'react';
import { FormControl, FormGroup, FormLabel, FormText } from 'react-bootstrap';

interface PromptFieldProps {
  value: string;
  onChange: (prompt: string) => void;
  /** Ctrl+Enter (Cmd+Enter on a Mac) sends without leaving the keyboard. */
  onSubmitShortcut: () => void;
}

export function PromptField({ value, onChange, onSubmitShortcut }: PromptFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    onSubmitShortcut();
  };
  return (
    <FormGroup controlId="prompt">
      <FormLabel className="fw-semibold">Prompt</FormLabel>
      <FormControl
        as="textarea"
        rows={5}
        value={value}
        placeholder="Ask both services the same thing…"
        aria-describedby="prompt-hint"
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <FormText id="prompt-hint">
        Press <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (<kbd>⌘</kbd>+<kbd>Enter</kbd> on a Mac) to submit.
      </FormText>
    </FormGroup>
  );
}
