import { SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { useId, type ReactNode } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SpinnerButton } from '../../../components/ui/spinner-button.tsx';
import type { SavedKeys } from '../hooks/use-saved-keys.ts';
import { useSubscriptionForm } from '../hooks/use-subscription-form.ts';
import { ServiceKeysSection } from './service-keys-section.tsx';
import { SubscriptionFields } from './subscription-fields.tsx';

export interface UploadPromptListModalProps {
  show: boolean;
  onHide: () => void;
  /** After a successful save (docs/product.md §4): the app passes the keys on to the comparison page. */
  onKeysSaved: (keys: SavedKeys) => void;
  /** For a subscriber, the app puts the prompt-list upload here, above the subscription form. */
  uploadSection?: ReactNode;
  /** A subscriber also gets a key field per offered service, above the subscription form. */
  subscribed?: boolean;
  /** Injected in tests; by default the browser goes to the payment link. */
  goTo?: (url: string) => void;
}

/**
 * docs/product.md §2 modal 6, opened by 'Upload Prompt List': the subscription form (keys, email, terms)
 * with 'Close' and 'Proceed to Payment'. Escape (key code 27) closes it: react-bootstrap's Modal
 * handles it (@restart/ui checks `keyCode === 27`), as the tests check.
 */
export function UploadPromptListModal({ show, onHide, onKeysSaved, uploadSection, subscribed = false, goTo }: UploadPromptListModalProps) {
  const formId = useId();
  const { form, update, error, busy, submit } = useSubscriptionForm({ onKeysSaved, onDone: onHide, goTo });

  return (
    <Dialog
      show={show}
      onHide={onHide}
      title="Upload Prompt List"
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            Close
          </Button>
          <SpinnerButton type="submit" form={formId} busy={busy}>
            Proceed to Payment
          </SpinnerButton>
        </>
      }
    >
      {uploadSection}
      {subscribed && <ServiceKeysSection />}
      <p>{SUBSCRIPTION_MESSAGES.intro}</p>
      <Form
        id={formId}
        noValidate
        aria-label="Subscription"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SubscriptionFields form={form} update={update} disabled={busy} />
        {error !== null && (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        )}
      </Form>
    </Dialog>
  );
}
