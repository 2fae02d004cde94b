import { MESSAGES } from '@promptpair/contract';
import { Dialog } from '../../../components/ui/dialog.tsx';

export interface UploadPromptListModalProps {
  show: boolean;
  onHide: () => void;
  /** After a successful save (SPEC §4): the app passes the keys on to the comparison page. */
  onKeysSaved: (keys: { chatgptKey: string; palmapiKey: string }) => void;
}

/**
 * SPEC §2 modal 6, opened by 'Upload Prompt List'. The subscription feature adds the key and
 * email inputs, the terms checkbox and 'Proceed to Payment'.
 */
export function UploadPromptListModal({ show, onHide }: UploadPromptListModalProps) {
  return (
    <Dialog
      show={show}
      onHide={onHide}
      title="Upload Prompt List"
      footer={
        <button type="button" className="btn btn-outline-secondary" onClick={onHide}>
          Close
        </button>
      }
    >
      <p className="mb-0">{MESSAGES.subscription.intro}</p>
    </Dialog>
  );
}
