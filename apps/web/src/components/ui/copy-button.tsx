import { MESSAGES } from '@promptpair/contract';
import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  text: string;
  /** The button's accessible name, e.g. "Copy ChatGPT answer". */
  label: string;
  /** Said (and shown) once copied. */
  copiedText?: string;
  className?: string;
}

const SAID_MS = 2000;

/** Copies `text` to the clipboard and says so for a moment next to the button. */
export function CopyButton({ text, label, copiedText = MESSAGES.answerCopied, className = '' }: CopyButtonProps) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (said === null) return;
    const timer = window.setTimeout(() => setSaid(null), SAID_MS);
    return () => window.clearTimeout(timer);
  }, [said]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(copiedText);
    } catch (error) {
      console.error('Could not copy', error);
      setSaid(MESSAGES.copyFailed);
    }
  };

  return (
    <span className={`d-inline-flex align-items-center gap-2 ${className}`}>
      <span role="status" className="small text-body-secondary">
        {said}
      </span>
      <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={label} onClick={() => void copy()}>
        Copy
      </button>
    </span>
  );
}
