import { BLIND_TEXTS, VOTE_CHOICES, type TVoteChoice } from '@promptpair/contract';

/** The four votes. Buttons with words, so the choice never rests on colour or position alone. */
export function VoteBar({ onVote, busy, legend = BLIND_TEXTS.votePrompt }: { onVote: (choice: TVoteChoice) => void; busy: boolean; legend?: string | undefined }) {
  return (
    <fieldset className="border rounded px-3 py-2 mb-2">
      <legend className="h6 float-none w-auto px-1 mb-1">{legend}</legend>
      <div className="d-flex flex-wrap gap-2">
        {VOTE_CHOICES.map((choice) => (
          <button key={choice} type="button" className="btn btn-outline-primary btn-sm" disabled={busy} onClick={() => onVote(choice)}>
            {BLIND_TEXTS.choices[choice]}
          </button>
        ))}
      </div>
      <p className="small text-body-secondary mb-0 mt-1">{BLIND_TEXTS.hiddenUntilVote}</p>
    </fieldset>
  );
}
