import { Button, FormText } from 'react-bootstrap';
import './prompt-actions.css';

interface PromptActionsProps {
  onUploadPromptList: () => void;
  onDownloadOutput: () => void;
  downloadEnabled: boolean;
}

/** 'Upload Prompt List' and 'Download Output': their dialogs belong to other features. */
export function PromptActions({ onUploadPromptList, onDownloadOutput, downloadEnabled }: PromptActionsProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 my-3">
      <Button variant="outline-secondary" onClick={onUploadPromptList}>
        Upload Prompt List
      </Button>
      <Button
        variant="outline-secondary"
        onClick={onDownloadOutput}
        disabled={!downloadEnabled}
        aria-describedby="download-hint"
      >
        Download Output
      </Button>
      {/* Both texts are laid out and the hidden one is invisible (and not read out), so enabling the button moves nothing. */}
      <FormText id="download-hint" className="download-hint mt-0">
        <span className={downloadEnabled ? undefined : 'invisible'}>Opens your logged comparisons.</span>
        <span className={downloadEnabled ? 'invisible' : undefined}>
          Available once a comparison has been logged: tick &apos;Log output&apos; for a service.
        </span>
      </FormText>
    </div>
  );
}
