import { READING_TEXTS } from '@promptpair/contract';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNarrowViewport } from './use-narrow-viewport.ts';
import './answer-pair-layout.css';

export interface AnswerSlot {
  /** The tab's and the expand button's name for this answer, e.g. "ChatGPT" or "Answer A". */
  title: string;
  /** Renders the answer's box; `expandButton` goes in its header. */
  render: (expandButton: ReactNode) => ReactNode;
}

interface AnswerPairLayoutProps {
  left: AnswerSlot;
  right: AnswerSlot;
}

type Side = 'left' | 'right';

/**
 * Two answers for reading: side by side, either one expanded to the full width (the other stays,
 * below it) and back; on a phone, two tabs. Both boxes stay mounted in every layout, so each keeps
 * its own scroll position when the visitor switches.
 */
export function AnswerPairLayout({ left, right }: AnswerPairLayoutProps) {
  const narrow = useNarrowViewport();
  const [expanded, setExpanded] = useState<Side | null>(null);
  const [tab, setTab] = useState<Side>('left');
  const baseId = useId();
  const tabRefs = { left: useRef<HTMLButtonElement>(null), right: useRef<HTMLButtonElement>(null) };
  const slots = { left, right };

  const expandButton = (side: Side) =>
    narrow ? null : (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary answer-pair__expand"
        aria-pressed={expanded === side}
        onClick={() => setExpanded(expanded === side ? null : side)}
      >
        {expanded === side ? READING_TEXTS.sideBySide : READING_TEXTS.expand(slots[side].title)}
      </button>
    );

  if (narrow) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const next = tab === 'left' ? 'right' : 'left';
      setTab(next);
      tabRefs[next].current?.focus();
      event.preventDefault();
    };
    return (
      <div className="answer-pair answer-pair--tabs">
        <div role="tablist" aria-label={READING_TEXTS.answersTabs} className="nav nav-tabs mb-2" onKeyDown={onKeyDown}>
          {(['left', 'right'] as const).map((side) => (
            <button
              key={side}
              ref={tabRefs[side]}
              type="button"
              role="tab"
              id={`${baseId}-${side}-tab`}
              aria-controls={`${baseId}-${side}-panel`}
              aria-selected={tab === side}
              tabIndex={tab === side ? 0 : -1}
              className={`nav-link${tab === side ? ' active' : ''}`}
              onClick={() => setTab(side)}
            >
              {slots[side].title}
            </button>
          ))}
        </div>
        {(['left', 'right'] as const).map((side) => (
          <div key={side} role="tabpanel" id={`${baseId}-${side}-panel`} aria-labelledby={`${baseId}-${side}-tab`} hidden={tab !== side}>
            {slots[side].render(null)}
          </div>
        ))}
      </div>
    );
  }

  // Expanded: that answer first at full width, the other after it at full width too. The order
  // moves in CSS, not in the DOM, since moving a node would lose its scroll position.
  return (
    <div className={`answer-pair row g-3${expanded ? ' answer-pair--expanded' : ''}`}>
      {(['left', 'right'] as const).map((side) => (
        <div key={side} className={expanded ? `col-12${expanded === side ? ' order-first' : ''}` : 'col-md-6'} data-expanded={expanded === side || undefined}>
          {slots[side].render(expandButton(side))}
        </div>
      ))}
    </div>
  );
}
