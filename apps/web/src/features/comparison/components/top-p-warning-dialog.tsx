import { MESSAGES } from '@promptpair/contract';
import { Button } from 'react-bootstrap';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface TopPWarningDialogProps {
  show: boolean;
  /** 'Yes': top_p is switched on. */
  onConfirm: () => void;
  /** 'No', the close icon or Escape: top_p stays off. */
  onCancel: () => void;
}

/** docs/product.md §2 modal 7. */
export function TopPWarningDialog({ show, onConfirm, onCancel }: TopPWarningDialogProps) {
  return (
    <Dialog
      show={show}
      onHide={onCancel}
      title="Warning"
      size="sm"
      footer={
        <>
          <Button variant="outline-secondary" onClick={onCancel}>
            No
          </Button>
          <Button variant="primary" onClick={onConfirm}>
            Yes
          </Button>
        </>
      }
    >
      <p className="mb-0">{MESSAGES.topPWarning}</p>
    </Dialog>
  );
}
