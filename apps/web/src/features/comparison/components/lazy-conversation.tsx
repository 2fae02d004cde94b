import { lazy, Suspense } from 'react';
import type { ConversationPanelProps } from './conversation-panel.tsx';
import { ConversationAhead } from './conversation-place.tsx';

// Needed only once a first comparison began a conversation: the first bundle stays without it.
const Loaded = lazy(() => import('./conversation-panel.tsx').then((module) => ({ default: module.ConversationPanel })));

export function Conversation(props: ConversationPanelProps) {
  return (
    <Suspense fallback={<ConversationAhead />}>
      <Loaded {...props} />
    </Suspense>
  );
}
