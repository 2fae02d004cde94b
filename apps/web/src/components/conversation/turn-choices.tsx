import { CONVERSATION_TEXTS as T, TURN_CHOICES, type TTurnChoice } from '@promptpair/contract';

interface TurnChoicesProps {
  /** The side's title, as its answer box names it ("ChatGPT", "Claude · claude-haiku-4-5"). */
  title: string;
  /** Which choices the side allows now. */
  allowed: Record<TTurnChoice['kind'], boolean>;
  onChoose: (kind: TTurnChoice['kind']) => void;
}

const LABELS = { carry: T.carry, only: T.only, regenerate: T.regenerate } as const;

/**
 * One side's ways to go on: its answer carried to both sides, only this side asked, or its last
 * answer asked again. Each button names the side, so a list of buttons reads alone.
 */
export function TurnChoices({ title, allowed, onChoose }: TurnChoicesProps) {
  return (
    <div role="group" aria-label={T.choicesOf(title)} className="d-flex flex-wrap align-items-center gap-2">
      {TURN_CHOICES.map((kind) => (
        <button key={kind} type="button" className="btn btn-sm btn-outline-secondary" disabled={!allowed[kind]} onClick={() => onChoose(kind)}>
          {LABELS[kind](title)}
        </button>
      ))}
    </div>
  );
}
