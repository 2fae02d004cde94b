// Words of the controls that send and stop a comparison, and of an answer's box while it runs.
// Shared by the first comparison, a conversation's turns, blind runs and the logged comparisons.

export const RUN_CONTROL_TEXTS = {
  submit: 'Submit Prompt',
  stop: 'Stop',
  /** The tooltip of every stop button (the first comparison's and a turn's): Escape stops too. */
  stopTooltip: 'Stop (Esc)',
  /** The live region's words while both answers are on their way; Escape stops an open comparison. */
  waitingBoth: 'Waiting for both answers…',
  waitingBothStoppable: 'Waiting for both answers… Press Escape to stop.',
  /** An answer's box before its first text, after its title. */
  waitingFor: (title: string) => `Waiting for ${title}…`,
  /** After a box's title while its text streams in. */
  writing: 'writing…',
  /** The badge of an answer stopped before it finished (its box, and Log Details). */
  stopped: 'Stopped',
} as const;
