import { setAnswerView, useAnswerView, type AnswerViewMode } from './answer-view.ts';

const MODES: readonly { mode: AnswerViewMode; label: string }[] = [
  { mode: 'rendered', label: 'Rendered' },
  { mode: 'plain', label: 'Plain text' },
];

/** Switches every answer between rendered Markdown and plain text; the choice is remembered. */
export function AnswerViewToggle() {
  const view = useAnswerView();
  return (
    <div className="btn-group btn-group-sm" role="group" aria-label="Show answers as">
      {MODES.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          className={`btn ${view === mode ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-pressed={view === mode}
          onClick={() => setAnswerView(mode)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
