import { BLIND_CONVERSATION_TEXTS as T } from '@promptpair/contract';
import { Button } from 'react-bootstrap';
import { ReplyBox } from '../../../components/reply-box/reply-box.tsx';
import type { BlindConversation } from '../hooks/use-blind-conversation.ts';

/** After a blind turn: the next message to both answers, and the end that reveals without a vote. */
export function ConversationReply({ conversation, voting }: { conversation: BlindConversation; voting: boolean }) {
  const busy = conversation.replying !== null;
  return (
    <ReplyBox
      label={T.replyLabel}
      hint={T.replyHint}
      sendLabel={T.send}
      busy={busy}
      onSend={conversation.reply}
      actions={
        <Button variant="outline-secondary" disabled={busy || voting || conversation.ending} onClick={() => void conversation.end()}>
          {T.endAndReveal}
        </Button>
      }
    />
  );
}
