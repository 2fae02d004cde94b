import { pairNames, type TBlindAnswer } from '@promptpair/contract';
import { sentSettings } from '../../../lib/sent-settings.ts';
import { MarkdownActions } from '../../../components/comparison-export/markdown-actions.tsx';
import type { BlindRun } from '../hooks/use-blind-run.ts';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { BlindPair, RevealedPair } from '../../../components/blind-pair/blind-pair.tsx';
import { useBlindConversation } from '../hooks/use-blind-conversation.ts';
import { ConversationReply } from './conversation-reply.tsx';
import { RevealedConversation } from './revealed-conversation.tsx';
import { TurnSection } from './turn-section.tsx';

/**
 * A blind comparison: before the vote, "Answer A" and "Answer B" with their texts, the verdict
 * on what the texts alone show, the vote, and (for a general pair) the next turn of its
 * conversation; after the vote or the end, everything, named.
 */
export function BlindResults({ run, ownKey }: { run: BlindRun; ownKey: boolean }) {
  const { blind, turns, reveal, ended, sent, inFlight } = run;
  const conversation = useBlindConversation(run);
  const { replying } = conversation;
  const revealed = reveal?.conversation ?? ended;
  if (revealed && !inFlight && (revealed.turns.length > 1 || !reveal)) {
    return (
      <section aria-label="Results" className="mt-4">
        <RevealedConversation reveal={revealed} ownKey={ownKey} />
      </section>
    );
  }
  if (reveal && !inFlight) {
    // A pair other than the spec's is named by each side's service and model once revealed.
    const names = reveal.sides ? pairNames(reveal.sides) : undefined;
    // Only now, with the vote in, may a copy name the services.
    const settings = sent && sentSettings(sent);
    const comparison = sent && {
      prompt: sent.prompt,
      a: { result: reveal.a, settings: settings?.a ?? null },
      b: { result: reveal.b, settings: settings?.b ?? null },
      vote: reveal.vote,
      ownKey,
      ...(names ? { names } : {}),
    };
    const actions = (
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        {comparison && <MarkdownActions comparison={comparison} fileId={reveal.logId} />}
        <ShareButton logId={reveal.logId} />
      </span>
    );
    return (
      <section aria-label="Results" className="mt-4">
        <RevealedPair results={reveal} vote={reveal.vote} ownKey={ownKey} actions={actions} names={names} />
      </section>
    );
  }
  const shown = inFlight ? [] : turns;
  // One turn alone looks as a single blind comparison always has; several are numbered.
  const numbered = shown.length > 1 || replying !== null;
  const unsaved = !inFlight && blind?.unsaved === true;
  const pair = (answerA: TBlindAnswer | null, answerB: TBlindAnswer | null, last: boolean) => (
    <BlindPair
      answerA={answerA}
      answerB={answerB}
      busy={false}
      unsaved={last && unsaved}
      voting={run.voting || replying !== null || conversation.ending}
      onVote={last ? (choice) => void run.vote(choice) : undefined}
    />
  );
  return (
    <section aria-label="Results" className="mt-4">
      {inFlight || shown.length === 0 ? (
        <BlindPair answerA={null} answerB={null} busy={inFlight} voting={run.voting} />
      ) : numbered ? (
        shown.map((turn, index) => (
          <TurnSection key={turn.answer.logId ?? index} turn={index + 1} prompt={turn.prompt}>
            {pair(turn.answer.answerA, turn.answer.answerB, index === shown.length - 1)}
          </TurnSection>
        ))
      ) : (
        pair(blind?.answerA ?? null, blind?.answerB ?? null, true)
      )}
      {replying !== null && (
        <TurnSection turn={shown.length + 1} prompt={replying}>
          <BlindPair answerA={null} answerB={null} busy voting />
        </TurnSection>
      )}
      {!inFlight && blind?.conversationId && !unsaved && <ConversationReply conversation={conversation} voting={run.voting} />}
    </section>
  );
}
