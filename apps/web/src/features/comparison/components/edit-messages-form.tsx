import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';

export interface MessageEntry {
  /** The role (ChatGPT) or author (Bard). */
  speaker: string;
  content: string;
}

export interface EditMessagesFormProps {
  formId: string;
  speakerLabel: string;
  /** A dropdown of these when given (ChatGPT roles); a text input otherwise (Bard authors). */
  speakerOptions?: readonly string[];
  entries: readonly MessageEntry[];
  newEntry: MessageEntry;
  /** Shown when an entry lacks its speaker or content (docs/product.md §5). */
  requiredMessage: string;
  onSave: (entries: MessageEntry[]) => void;
  onDone: () => void;
}

interface DraftEntry extends MessageEntry {
  id: number;
}

export function EditMessagesForm(props: EditMessagesFormProps) {
  const { formId, speakerLabel, speakerOptions, requiredMessage } = props;
  const [drafts, setDrafts] = useState<DraftEntry[]>(() => props.entries.map((entry, id) => ({ ...entry, id })));
  const [invalid, setInvalid] = useState(false);
  const nextId = useRef(props.entries.length);

  const update = (id: number, patch: Partial<MessageEntry>) =>
    setDrafts((current) => current.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)));
  const add = () => setDrafts((current) => [...current, { ...props.newEntry, id: nextId.current++ }]);
  const remove = (id: number) => setDrafts((current) => current.filter((draft) => draft.id !== id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (drafts.some((draft) => draft.speaker.trim() === '' || draft.content.trim() === '')) {
      setInvalid(true);
      return;
    }
    props.onSave(drafts.map(({ speaker, content }) => ({ speaker: speaker.trim(), content })));
    props.onDone();
  };

  return (
    <Form id={formId} noValidate onSubmit={save}>
      {invalid && (
        <Alert variant="danger" role="alert">
          {requiredMessage}
        </Alert>
      )}
      {drafts.length === 0 && <p className="text-body-secondary">No messages: only the prompt is sent.</p>}
      {drafts.map((draft, index) => (
        <fieldset key={draft.id} className="border rounded p-3 mb-3">
          <legend className="float-none w-auto fs-6 fw-semibold px-1 mb-0">Message {index + 1}</legend>
          <Form.Group className="mb-2" controlId={`${formId}-speaker-${draft.id}`}>
            <Form.Label>{speakerLabel}</Form.Label>
            {speakerOptions ? (
              <Form.Select value={draft.speaker} onChange={(event) => update(draft.id, { speaker: event.currentTarget.value })}>
                <option value="">Choose a {speakerLabel.toLowerCase()}</option>
                {speakerOptions.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Form.Select>
            ) : (
              <Form.Control value={draft.speaker} onChange={(event) => update(draft.id, { speaker: event.currentTarget.value })} />
            )}
          </Form.Group>
          <Form.Group className="mb-2" controlId={`${formId}-content-${draft.id}`}>
            <Form.Label>Content</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={draft.content}
              onChange={(event) => update(draft.id, { content: event.currentTarget.value })}
            />
          </Form.Group>
          <Button variant="outline-danger" size="sm" onClick={() => remove(draft.id)} aria-label={`Remove message ${index + 1}`}>
            Remove
          </Button>
        </fieldset>
      ))}
      <Button variant="outline-primary" size="sm" onClick={add}>
        Add message
      </Button>
    </Form>
  );
}
