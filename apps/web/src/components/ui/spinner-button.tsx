import type { ComponentProps } from 'react';
import { Button, Spinner } from 'react-bootstrap';

export interface SpinnerButtonProps extends ComponentProps<typeof Button> {
  /** While true the button is disabled and shows a spinner; its name stays the same. */
  busy: boolean;
}

export function SpinnerButton({ busy, disabled, children, ...rest }: SpinnerButtonProps) {
  return (
    <Button {...rest} disabled={busy || disabled} aria-busy={busy}>
      {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
