import { CONVERSATION_MESSAGES, CONVERSATION_TEXTS as T, SPEC_PAIR_NAMES, type Side, type TTurnChoice } from '@promptpair/contract';
import { useId, useMemo, useState } from 'react';
import { ConversationTotals } from '../../../components/conversation/conversation-totals.tsx';
import { ReplyBox } from '../../../components/conversation/reply-box.tsx';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { TurnChoices } from '../../../components/conversation/turn-choices.tsx';
import { useConversation } from '../hooks/use-conversation.ts';
import { beginConversation, choicesFor, conversationTotals, followUpKeys, type ConversationState, type Turn } from '../logic/conversation-state.ts';
import type { ComparisonSettings } from '../logic/settings-model.ts';
import { PAGE_SIDES } from '../logic/side-settings.ts';
import type { Run } from '../logic/stream-state.ts';
import { MarkdownActions, type MarkdownActionsProps } from '../../../components/comparison-export/markdown-actions.tsx';
import { ConversationAhead } from './conversation-place.tsx';
import { markdownComparison } from './results-section.tsx';
import { ConversationTurn } from './conversation-turn.tsx';
import './conversation-panel.css';

export interface ConversationPanelProps {
  /** The first turn, once it is over: it begins the conversation, and names the services it runs on. */
  first: Run;
  settings: ComparisonSettings;
  ownKey: boolean;
  /** After every turn, good or bad: the free-prompt count may have changed. */
  onSettled: () => void;
}

/** The live region's words for the running or last follow-up turn. */
function turnStatus(turn: Turn): string {
  switch (turn.run.status) {
    case 'waiting':
    case 'streaming':
      return T.status.waiting(turn.number);
    case 'complete':
      return T.status.complete(turn.number);
    case 'stopped':
      return T.status.stopped(turn.number);
    case 'failed':
      return T.status.failed(turn.number);
  }
}

/**
 * A conversation after its first answers (docs/decisions.md, "Conversations"): each follow-up turn
 * with its answers, metrics, cost and verdict, the running totals per side, and the reply box with
 * each side's choices. Loaded once a first comparison began a conversation.
 */
export function ConversationPanel(props: ConversationPanelProps) {
  const start = useMemo(() => beginConversation(props.first), [props.first]);
  return start === null ? <ConversationAhead /> : <Conversation {...props} start={start} />;
}

/**
 * Every turn for the Markdown copy, once none is running; undefined while one is. A follow-up is
 * sent with the first turn's settings (the conversation keeps them), under its own prompt.
 */
function markdownTurns(turns: readonly Turn[], ownKey: boolean): MarkdownActionsProps['turns'] {
  const request = turns[0]?.run.request;
  const written = turns.map((turn) => {
    const comparison = request ? markdownComparison({ ...turn.run, request: { ...request, prompt: turn.prompt } }, ownKey) : null;
    return comparison && { ...comparison, turn: turn.number };
  });
  return written.every((turn) => turn !== null) ? written : undefined;
}

function Conversation({ start, first, settings, ownKey, onSettled }: ConversationPanelProps & { start: ConversationState }) {
  const headingId = useId();
  const { state, running, send, stop } = useConversation(start, { onSettled });
  const [reply, setReply] = useState('');
  const [unsent, setUnsent] = useState<string | null>(null);
  const titles: Record<Side, string> = first.titles ?? SPEC_PAIR_NAMES;
  const followUps = state.turns.slice(1);
  const last = state.turns[state.turns.length - 1] as Turn;
  const sharedTurn = followUps.length > 0 ? state.turns.findLast((turn) => turn.run.logId !== null)?.run.logId : undefined;

  const sendTurn = async (choice: TTurnChoice | null) => {
    const regenerate = choice?.kind === 'regenerate';
    if (!regenerate && reply.trim() === '') {
      setUnsent(CONVERSATION_MESSAGES.promptRequired);
      return;
    }
    setUnsent(null);
    const sent = reply;
    const kept = await send(regenerate ? '' : sent, choice, followUpKeys(first, settings));
    // Cleared once the turn is kept, unless the visitor has typed on meanwhile.
    if (kept && !regenerate) setReply((current) => (current === sent ? '' : current));
  };

  return (
    <section aria-labelledby={headingId} className="conversation">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id={headingId} className="h5 mb-0">
          {T.section}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {/* The whole conversation as one Markdown document, every turn in order. */}
          <MarkdownActions comparison={markdownTurns(state.turns, ownKey)?.at(-1) ?? null} turns={markdownTurns(state.turns, ownKey)} fileId={state.id} context={T.section} />
          {/* Its latest saved turn's link shows every turn up to it; the first turn's Share stays above. */}
          {sharedTurn && !running && <ShareButton logId={sharedTurn} label={T.share} />}
        </div>
      </div>
      <ConversationTotals totals={conversationTotals(state)} titles={titles} ownKey={ownKey} />
      {followUps.map((turn, index) => (
        <ConversationTurn
          // Turns are only appended (a refused one, always the last, is dropped): the position names a turn.
          key={index}
          turn={turn}
          attempt={state.turns.slice(0, index + 2).filter((other) => other.number === turn.number).length}
          titles={titles}
          latest={index === followUps.length - 1}
          ownKey={ownKey}
        />
      ))}
      <p role="status" className="visually-hidden">
        {followUps.length > 0 ? turnStatus(last) : ''}
      </p>
      <ReplyBox
        label={T.replyLabel}
        hint={T.replyHint}
        sendLabel={T.send}
        value={reply}
        onChange={setReply}
        onSend={() => void sendTurn(null)}
        busy={running}
        stop={{ label: T.stop, onStop: stop }}
        refusal={unsent ?? state.refusal}
      >
        <div className="d-flex flex-column gap-2 mt-3">
          {PAGE_SIDES.map((side) => (
            <TurnChoices key={side} title={titles[side]} allowed={choicesFor(state, side)} onChoose={(kind) => void sendTurn({ kind, side })} />
          ))}
        </div>
      </ReplyBox>
    </section>
  );
}
