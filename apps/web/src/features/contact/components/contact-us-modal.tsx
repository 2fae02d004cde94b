import { Dialog } from '../../../components/ui/dialog.tsx';

export interface ContactUsModalProps {
  show: boolean;
  onHide: () => void;
}

/** SPEC §2 modal 2, opened from the footer. The contact feature adds the email and message form. */
export function ContactUsModal({ show, onHide }: ContactUsModalProps) {
  return (
    <Dialog show={show} onHide={onHide} title="Contact Us">
      <p className="mb-0 text-body-secondary">Send the operators a message.</p>
    </Dialog>
  );
}
