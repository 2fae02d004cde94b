import { Dialog } from '../../../components/ui/dialog.tsx';

export interface LogDetailsModalProps {
  show: boolean;
  onHide: () => void;
}

/**
 * SPEC §2 modal 5, opened by 'Download Output'. The logs feature fills in the table of past
 * logs (GET /log-details) and the download; the shell only opens and closes it.
 */
export function LogDetailsModal({ show, onHide }: LogDetailsModalProps) {
  return (
    <Dialog show={show} onHide={onHide} title="Log Details" size="lg">
      <p className="mb-0 text-body-secondary">Your logged comparisons appear here.</p>
    </Dialog>
  );
}
