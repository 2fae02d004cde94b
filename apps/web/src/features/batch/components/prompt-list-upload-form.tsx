import { BATCH_FILE_EXTENSIONS, BATCH_LIMITS, SUBSCRIPTION_MESSAGES, type TBatchJob, type TBatchUploadInput, type TRunSide } from '@promptpair/contract';
import { useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { SpinnerButton } from '../../../components/ui/spinner-button.tsx';
import { isRequestError } from '../../../lib/http.ts';
import { uploadPromptList } from '../api/batch-api.ts';

export interface PromptListUploadFormProps {
  /** The page's settings now, its pair included (the saved keys are used, whatever the page holds). */
  settings: () => Promise<Omit<TBatchUploadInput, 'filename' | 'content'>>;
  onUploaded: (job: TBatchJob) => void;
}

/**
 * Keys stay out of the upload: the run uses the subscription's saved keys. A run on any pair sends
 * its two sides (service, model, settings) and nothing of the spec's panels.
 */
function withoutKeys({ chatGPT, bardAPI, sides }: Omit<TBatchUploadInput, 'filename' | 'content'>) {
  if (sides) {
    // A side copied from the comparison form may carry a key: only what a run's side names goes.
    const side = ({ service, model, settings, messages }: TRunSide): TRunSide => ({ service, model, settings, messages });
    return { sides: { a: side(sides.a), b: side(sides.b) } };
  }
  const strip = <T extends { apiKey?: string }>(side: T | undefined) => (side === undefined ? {} : { ...side, apiKey: undefined });
  return { ...(chatGPT && { chatGPT: strip(chatGPT) }), ...(bardAPI && { bardAPI: strip(bardAPI) }) };
}

/** The server's words for a refused file (they name the line), or a general one. */
function uploadErrorText(failure: unknown): string {
  if (isRequestError(failure) && failure.status !== null) {
    const message = (failure.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return isRequestError(failure) && failure.status === null ? SUBSCRIPTION_MESSAGES.noResponse : SUBSCRIPTION_MESSAGES.unexpectedStatus;
}

/** Upload a prompt list: one file, run in the background with the saved keys. */
export function PromptListUploadForm({ settings, onUploaded }: PromptListUploadFormProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) return setError('Choose a file first.');
    setBusy(true);
    setError(null);
    try {
      onUploaded(await uploadPromptList({ filename: file.name, content: await file.text(), ...withoutKeys(await settings()) }));
      setFile(null);
    } catch (failure) {
      setError(uploadErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      noValidate
      aria-label="Prompt list"
      className="border rounded p-3 mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <Form.Group controlId={inputId} className="mb-2">
        <Form.Label>Prompt list file</Form.Label>
        <Form.Control
          type="file"
          accept={BATCH_FILE_EXTENSIONS.join(',')}
          onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text>
          .txt with one prompt per line, .csv with a &ldquo;prompt&rdquo; column, or .jsonl with {'{"prompt": …}'} per line; up to{' '}
          {BATCH_LIMITS.maxPrompts.toLocaleString('en-US')} prompts. Each runs through both services with your saved keys and the
          options on this page, and is logged.
        </Form.Text>
      </Form.Group>
      {error !== null && <Alert variant="danger">{error}</Alert>}
      <SpinnerButton type="submit" variant="primary" busy={busy}>
        Run prompt list
      </SpinnerButton>
    </Form>
  );
}
