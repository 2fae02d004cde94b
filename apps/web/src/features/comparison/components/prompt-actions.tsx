import { Button, Form } from 'react-bootstrap';

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
      {/* Always one line of hint, so enabling the button never moves the page. */}
      <Form.Text id="download-hint" className="mt-0">
        {downloadEnabled
          ? 'Opens your logged comparisons.'
          : "Available once a comparison has been logged: tick 'Log output' for a service."}
      </Form.Text>
    </div>
  );
}
