import { useEffect } from 'react';

/** While `running`, Escape calls `stop`, unless a dialog is open (Escape closes the dialog then). */
export function useEscapeToStop(running: boolean, stop: () => void) {
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('.modal.show') !== null) return;
      stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [running, stop]);
}
