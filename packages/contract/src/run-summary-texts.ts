// The words of a run's summary. Apart from reading-texts.ts, which the page's first bundle reads:
// only the lazily loaded prompt-list views need these.

/** The prompt-list run's summary. */
export const RUN_SUMMARY_TEXTS = {
  region: 'Run summary',
  title: (prompts: number | null) => (prompts === null ? 'Summary' : `Summary of ${prompts} prompts`),
  showSoFar: 'Show the summary so far',
  update: 'Update',
  failed: 'The summary could not be loaded.',
  columns: { service: 'Service', cost: 'Total cost', median: 'Median time', faster: 'Finished first', cheaper: 'Cost less' },
  tiesRow: 'Tie or undecided',
} as const;
