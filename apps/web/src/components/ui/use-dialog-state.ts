import { useCallback, useState } from 'react';

/**
 * Open/closed state for a lazily loaded dialog. `mounted` stays true after the first opening so
 * the dialog can play its closing transition and hand focus back instead of vanishing.
 */
export function useDialogState() {
  const [isOpen, setIsOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = useCallback(() => {
    setMounted(true);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  return { isOpen, mounted, open, close };
}
