import { BLIND_CONVERSATION_TEXTS as T } from '@promptpair/contract';
import type { ReactNode } from 'react';
import { LandmarkScope } from '../../../components/ui/landmark-scope.tsx';

/**
 * One turn of a conversation shown among others: its number, what was asked, then its answers.
 * Every landmark and heading inside names the turn, so a screen reader tells the turns apart.
 */
export function TurnSection({ turn, prompt, children, actions }: { turn: number; prompt: string; children: ReactNode; actions?: ReactNode }) {
  const name = T.turnHeading(turn);
  return (
    <LandmarkScope.Provider value={name}>
      <section aria-label={name} className="mb-4">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
          <h2 className="h5 mb-1">{name}</h2>
          {actions}
        </div>
        <p className="mb-2 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          <span className="fw-semibold">{T.youAsked}:</span> {prompt}
        </p>
        {children}
      </section>
    </LandmarkScope.Provider>
  );
}
