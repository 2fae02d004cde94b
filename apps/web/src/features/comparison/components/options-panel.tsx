import { useId, useState, type ReactNode } from 'react';
import './options-panel.css';

interface OptionsPanelProps {
  title: string;
  children: ReactNode;
}

/**
 * A collapsible card: a heading button with aria-expanded, closed at first to keep the page calm.
 * The body slides open in CSS alone (options-panel.css), so no animation code loads with the page.
 */
export function OptionsPanel({ title, children }: OptionsPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section aria-label={title} className="shadow-sm card">
      <div className="p-0 card-header">
        <h2 className="h6 mb-0">
          <button
            type="button"
            className="btn w-100 text-start d-flex justify-content-between align-items-center px-3 py-2 fw-semibold"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((current) => !current)}
          >
            {title}
            <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </button>
        </h2>
      </div>
      <div id={bodyId} className={open ? 'options-panel__body is-open' : 'options-panel__body'}>
        <div>
          <div className="card-body">{children}</div>
        </div>
      </div>
    </section>
  );
}
