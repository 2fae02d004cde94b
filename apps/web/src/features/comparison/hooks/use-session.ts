import type { TSession } from '@promptpair/contract';
import { useCallback, useEffect, useState } from 'react';
import { getSession } from '../../../lib/get-session.ts';

// The page works without a session: only the indicator and the demo banner depend on it.
const logFailure = (error: unknown) => console.error('Could not read the session', error);

/** The visitor's session; fetched on load (it sets the cookies) and again after each comparison. */
export function useSession() {
  const [session, setSession] = useState<TSession | null>(null);

  useEffect(() => {
    let current = true;
    getSession()
      .then((loaded) => {
        if (current) setSession(loaded);
      })
      .catch(logFailure);
    return () => {
      current = false;
    };
  }, []);

  const refresh = useCallback(() => {
    getSession().then(setSession).catch(logFailure);
  }, []);

  return { session, refresh };
}
