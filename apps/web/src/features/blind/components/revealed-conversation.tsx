import { BLIND_CONVERSATION_TEXTS as T, BLIND_TEXTS, pairNames, type TBlindConversationReveal } from '@promptpair/contract';
import { RevealedAnswers } from '../../../components/blind-pair/blind-pair.tsx';
import { ShareButton } from '../../../components/share-button/share-button.tsx';
import { TurnSection } from './turn-section.tsx';

/** A blind conversation revealed by a vote on one of its turns or by its end: every turn, named. */
export function RevealedConversation({ reveal, ownKey }: { reveal: TBlindConversationReveal; ownKey: boolean }) {
  // The spec's body keeps the spec's titles; any other pair is named by service and model.
  const names = reveal.sides ? pairNames(reveal.sides) : undefined;
  const { vote } = reveal;
  return (
    <>
      <div className="results-toolbar mb-3">
        <p className="mb-0" role="status">
          {vote ? `Your vote: ${BLIND_TEXTS.votedAs[vote.choice]}. ${reveal.votedTurn === null ? '' : T.votedOnTurn(reveal.votedTurn)}` : T.endedWithoutVote}{' '}
          {reveal.possiblyUnblinded && <strong>{BLIND_TEXTS.possiblyUnblinded}</strong>}
        </p>
      </div>
      {reveal.turns.map((turn) => (
        <TurnSection key={turn.logId} turn={turn.turn} prompt={turn.prompt} actions={<ShareButton logId={turn.logId} />}>
          <RevealedAnswers results={turn} answerA={reveal.answerA} selfNamed={reveal.selfNamed} ownKey={ownKey} names={names} />
        </TurnSection>
      ))}
    </>
  );
}
