import { useEffect, useState } from 'react';
import { getSession } from '../../../lib/get-session.ts';

/**
 * How many free prompts this installation gives (the operator's FREE_PROMPTS), as the session
 * reports it; null until it answers, or when it cannot. The legal pages state this number, so it
 * comes from the server rather than from the contract's default.
 */
export function useFreePrompts(): number | null {
  const [freePrompts, setFreePrompts] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getSession()
      .then((session) => {
        if (current) setFreePrompts(session.freePrompts);
      })
      .catch((error: unknown) => console.error('Could not read the session', error));
    return () => {
      current = false;
    };
  }, []);
  return freePrompts;
}
