import { API_ROUTES, MESSAGES, MY_DATA_MESSAGES } from '@promptpair/contract';
import { useRef, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SpinnerButton } from '../../../components/ui/spinner-button.tsx';
import { useMyData } from '../hooks/use-my-data.ts';
import { MyDataSections } from './my-data-sections.tsx';

export interface YourDataDialogProps {
  show: boolean;
  onHide: () => void;
  /** Called when the dialog closes after everything was deleted: the page should start afresh. */
  onDeletedAll: () => void;
}

/** "Your data", opened from the footer: what is kept under this browser's cookie; download it or delete it. */
export function YourDataDialog({ show, onHide, onDeletedAll }: YourDataDialogProps) {
  const [deletedAll, setDeletedAll] = useState(false);
  const close = () => {
    onHide();
    if (deletedAll) onDeletedAll();
  };
  return (
    <Dialog show={show} onHide={close} title={MY_DATA_MESSAGES.title} size="lg">
      <YourDataBody onDeletedAll={() => setDeletedAll(true)} />
    </Dialog>
  );
}

function YourDataBody({ onDeletedAll }: { onDeletedAll: () => void }) {
  const { state, notice, busy, deleteComparison, deleteConversation, deleteAll } = useMyData(onDeletedAll);
  const [confirming, setConfirming] = useState(false);
  const deleteAllButton = useRef<HTMLButtonElement>(null);
  // The question takes focus (its safe answer first); answering 'Cancel' gives it back to the button that asked.
  const cancel = () => {
    setConfirming(false);
    setTimeout(() => deleteAllButton.current?.focus());
  };
  return (
    <>
      <p>{MY_DATA_MESSAGES.intro}</p>
      {notice && (
        <Alert variant={notice.variant} role={notice.variant === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {state.phase === 'loading' && <p role="status">{MESSAGES.loading}</p>}
      {state.phase === 'failed' && (
        <Alert variant="danger" role="alert">
          {MY_DATA_MESSAGES.loadFailed}
        </Alert>
      )}
      {state.phase === 'shown' && (
        <>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <a className="btn btn-outline-primary btn-sm" href={API_ROUTES.myDataDownload} download>
              Download my data (JSON)
            </a>
            <Button ref={deleteAllButton} variant="outline-danger" size="sm" disabled={busy || confirming} onClick={() => setConfirming(true)}>
              Delete all my data
            </Button>
          </div>
          {confirming && (
            <Alert variant="warning">
              <p>{MY_DATA_MESSAGES.deleteAllConfirm}</p>
              <div className="d-flex gap-2">
                <SpinnerButton variant="danger" busy={busy} onClick={() => void deleteAll()}>
                  Yes, delete everything
                </SpinnerButton>
                <Button variant="secondary" disabled={busy} onClick={cancel} autoFocus>
                  Cancel
                </Button>
              </div>
            </Alert>
          )}
          <MyDataSections
            data={state.data}
            busy={busy}
            onDeleteComparison={(logId) => void deleteComparison(logId)}
            onDeleteConversation={(id) => void deleteConversation(id)}
          />
        </>
      )}
    </>
  );
}
