import { BLIND_CONVERSATION_TEXTS as T } from '@promptpair/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { ReplyBox } from '../../../components/conversation/reply-box.tsx';
import type { BlindConversation } from '../hooks/use-blind-conversation.ts';

/** After a blind turn: the next message to both answers, and the end that reveals without a vote. */
export function ConversationReply({ conversation, voting }: { conversation: BlindConversation; voting: boolean }) {
  const [text, setText] = useState('');
  const busy = conversation.replying !== null;
  const send = async () => {
    const sent = text;
    // Emptied once the turn is answered, unless the visitor has typed on meanwhile.
    if (await conversation.reply(sent)) setText((current) => (current === sent ? '' : current));
  };
  return (
    <ReplyBox
      label={T.replyLabel}
      hint={T.replyHint}
      sendLabel={T.send}
      value={text}
      onChange={setText}
      onSend={() => void send()}
      busy={busy}
      requireText
      actions={
        <Button variant="outline-secondary" disabled={busy || voting || conversation.ending} onClick={() => void conversation.end()}>
          {T.endAndReveal}
        </Button>
      }
    />
  );
}
