import { INPUT_LIMITS } from '@promptpair/contract';
import { useId } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SpinnerButton } from '../../../components/ui/spinner-button.tsx';
import { fieldOfError, useContactForm } from '../hooks/use-contact-form.ts';

export interface ContactUsModalProps {
  show: boolean;
  onHide: () => void;
}

/**
 * docs/product.md §2 modal 2, opened from the footer: email and message. The form is `noValidate` so the
 * spec's own messages show, not the browser's; each appears beside its field and is announced.
 */
export function ContactUsModal({ show, onHide }: ContactUsModalProps) {
  const id = useId();
  const { form, error, sending, change, submit } = useContactForm(onHide);
  const invalid = error === null ? null : fieldOfError(error);
  const errorId = `${id}-error`;
  const feedback = (field: 'email' | 'message') =>
    invalid === field && (
      <Form.Control.Feedback type="invalid" id={errorId} role="alert">
        {error}
      </Form.Control.Feedback>
    );

  return (
    <Dialog show={show} onHide={onHide} title="Contact Us">
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Contact Us">
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            maxLength={INPUT_LIMITS.emailMaxChars}
            value={form.email}
            isInvalid={invalid === 'email'}
            aria-invalid={invalid === 'email'}
            aria-describedby={invalid === 'email' ? errorId : undefined}
            onChange={(event) => change('email', event.currentTarget.value)}
          />
          {feedback('email')}
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-message`}>
          <Form.Label>Message</Form.Label>
          <Form.Control
            as="textarea"
            rows={5}
            maxLength={INPUT_LIMITS.contactMessageMaxChars}
            value={form.message}
            isInvalid={invalid === 'message'}
            aria-invalid={invalid === 'message'}
            aria-describedby={invalid === 'message' ? errorId : undefined}
            onChange={(event) => change('message', event.currentTarget.value)}
          />
          {feedback('message')}
        </Form.Group>
        <div className="d-flex justify-content-end gap-2">
          <Button variant="secondary" onClick={onHide}>
            Close
          </Button>
          <SpinnerButton type="submit" variant="primary" busy={sending}>
            Send
          </SpinnerButton>
        </div>
      </Form>
    </Dialog>
  );
}
