import { SERVICE_KEY_TEXTS, SPEC_KEY_SERVICES, type TServiceInfo } from '@promptpair/contract';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { SpinnerButton } from '../../../components/ui/spinner-button.tsx';
import { useServiceKeys } from '../hooks/use-service-keys.ts';

interface ServiceKeyRowProps {
  service: TServiceInfo;
  hint: string | null;
  busy: boolean;
  error: string | undefined;
  onSave: (key: string) => Promise<boolean>;
  onRemove: () => void;
}

/** One service: its key field (emptied once saved), the masked hint of the saved key, Save and, beyond the spec's two, Remove. */
function ServiceKeyRow({ service, hint, busy, error, onSave, onRemove }: ServiceKeyRowProps) {
  const [typed, setTyped] = useState('');
  const id = `service-key-${service.id}`;
  return (
    <Form
      className="mb-3"
      noValidate
      aria-label={service.name}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(typed).then((saved) => saved && setTyped(''));
      }}
    >
      <Form.Label htmlFor={id}>{SERVICE_KEY_TEXTS.label(service.name)}</Form.Label>
      <InputGroup>
        <Form.Control id={id} type="text" autoComplete="off" spellCheck={false} value={typed} disabled={busy} onChange={(event) => setTyped(event.target.value)} />
        <SpinnerButton type="submit" busy={busy} variant="outline-primary">
          {SERVICE_KEY_TEXTS.save}
        </SpinnerButton>
        {hint !== null && !SPEC_KEY_SERVICES.includes(service.id) && (
          <Button variant="outline-danger" disabled={busy} onClick={onRemove} aria-label={`${SERVICE_KEY_TEXTS.remove} ${service.name}`}>
            {SERVICE_KEY_TEXTS.remove}
          </Button>
        )}
      </InputGroup>
      <Form.Text>{hint === null ? SERVICE_KEY_TEXTS.noneSaved : SERVICE_KEY_TEXTS.savedHint(hint)}</Form.Text>
      {error ? (
        <Alert variant="danger" className="mt-2 mb-0">
          {error}
        </Alert>
      ) : null}
    </Form>
  );
}

/** A subscriber's key per offered service (GET /api/services), each shown only by its masked hint. */
export function ServiceKeysSection() {
  const { services, hintOf, busy, errors, save, remove } = useServiceKeys();
  if (services.length === 0) return null;
  return (
    <section aria-label={SERVICE_KEY_TEXTS.heading} className="mb-4">
      <h2 className="h6">{SERVICE_KEY_TEXTS.heading}</h2>
      <p className="small">{SERVICE_KEY_TEXTS.intro}</p>
      {services.map((service) => (
        <ServiceKeyRow
          key={service.id}
          service={service}
          hint={hintOf(service.id)}
          busy={busy === service.id}
          error={errors[service.id] || undefined}
          onSave={(key) => save(service, key)}
          onRemove={() => void remove(service)}
        />
      ))}
    </section>
  );
}
