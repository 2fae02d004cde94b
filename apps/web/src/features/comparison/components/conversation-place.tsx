import { READING_TEXTS } from '@promptpair/contract';
import type { ReactNode } from 'react';
import './conversation-place.css';

/** What the place shows until a conversation is there: its heading and what it will hold. */
export function ConversationAhead() {
  return (
    <section aria-label={READING_TEXTS.conversation}>
      <h2 className="h5 mb-2">{READING_TEXTS.conversation}</h2>
      <p className="text-body-secondary small mb-0">{READING_TEXTS.conversationAhead}</p>
    </section>
  );
}

/**
 * The conversation's place under the answers. Kept at the height its reply box takes
 * (conversation-place.css) so nothing below moves when the first answers arrive and the reply box
 * comes in: on a wider screen from the first paint; on a phone only from the tap that sends a
 * comparison until its conversation is there (the footer, far below the answers, moves with the tap,
 * which is no layout shift), so a phone's page holds no empty room before. Later turns make it grow.
 */
export function ConversationPlace({ awaiting, children }: { awaiting: boolean; children: ReactNode }) {
  return <div className={`conversation-place mt-4${awaiting ? ' conversation-place--awaiting' : ''}`}>{children}</div>;
}
