import { PAGE_ROUTES } from '@promptpair/contract';
import { Form } from 'react-bootstrap';
import type { SubscriptionForm } from '../hooks/use-subscription-form.ts';

export interface SubscriptionFieldsProps {
  form: SubscriptionForm;
  update: (change: Partial<SubscriptionForm>) => void;
  disabled: boolean;
}

/** The dialog's inputs (docs/product.md §2 modal 6): two key text inputs, an email input and the terms checkbox. */
export function SubscriptionFields({ form, update, disabled }: SubscriptionFieldsProps) {
  return (
    <fieldset disabled={disabled}>
      <Form.Group className="mb-3" controlId="subscription-gpt-key">
        <Form.Label>GPT API key</Form.Label>
        <Form.Control
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={form.chatgptKey}
          onChange={(event) => update({ chatgptKey: event.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="subscription-palm-key">
        <Form.Label>PALM API key</Form.Label>
        <Form.Control
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={form.palmapiKey}
          onChange={(event) => update({ palmapiKey: event.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="subscription-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="email" value={form.email} onChange={(event) => update({ email: event.target.value })} />
      </Form.Group>
      <Form.Check
        id="subscription-terms"
        type="checkbox"
        label="I accept the terms and conditions"
        checked={form.acceptedTerms}
        onChange={(event) => update({ acceptedTerms: event.target.checked })}
      />
      <a className="small" href={PAGE_ROUTES.termsAndConditions} target="_blank" rel="noreferrer">
        Read the terms and conditions (opens in a new tab)
      </a>
    </fieldset>
  );
}
