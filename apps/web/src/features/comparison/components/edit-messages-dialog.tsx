import { Dialog } from '../../../components/ui/dialog.tsx';
import { EditMessagesForm, type EditMessagesFormProps } from './edit-messages-form.tsx';

export interface EditMessagesDialogProps extends Omit<EditMessagesFormProps, 'formId' | 'onDone'> {
  show: boolean;
  onHide: () => void;
  /** Whose messages these are, e.g. 'ChatGPT'. */
  service: string;
}

const FORM_ID = 'edit-messages-form';

/** docs/product.md §2 modal 1. The form mounts afresh on each opening, so a cancelled edit leaves no trace. */
export function EditMessagesDialog({ show, onHide, service, ...formProps }: EditMessagesDialogProps) {
  return (
    <Dialog
      show={show}
      onHide={onHide}
      title="Edit Messages"
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onHide}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" form={FORM_ID}>
            Save
          </button>
        </>
      }
    >
      <p className="text-body-secondary small">The conversation sent to {service} before your prompt.</p>
      <EditMessagesForm {...formProps} formId={FORM_ID} onDone={onHide} />
    </Dialog>
  );
}
