import { useId, type ReactNode } from 'react';
import { Modal } from 'react-bootstrap';

export interface DialogProps {
  show: boolean;
  onHide: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg' | 'xl';
}

/**
 * The one modal primitive. react-bootstrap's Modal already traps focus, closes on Escape and
 * gives focus back to the opener; this adds the accessible name from the visible title.
 */
export function Dialog({ show, onHide, title, children, footer, size }: DialogProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={titleId} size={size} centered scrollable>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer !== undefined && <Modal.Footer>{footer}</Modal.Footer>}
    </Modal>
  );
}
