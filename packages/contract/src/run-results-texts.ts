// The words of a run's results page. Apart from batch-constants.ts, which the page's first bundle
// reads: only the lazily loaded results page needs these.

/** The results view of a run: the page's words. */
export const RUN_RESULTS_TEXTS = {
  title: (filename: string) => `Results of ${filename}`,
  link: 'See the answers prompt by prompt',
  intro: 'Each prompt’s answers are shown as Answer A and Answer B, in an order drawn for that prompt. Vote to see which service wrote which, with the timing, tokens, cost and verdict.',
  loading: 'Loading the results…',
  failed: 'The results could not be loaded. Please try again later.',
  voteFailed: 'Your vote could not be saved. Please try again.',
  prompt: (line: number) => `Prompt ${line}`,
  pending: 'Not answered yet.',
  deleted: 'This comparison was deleted.',
  pages: 'Pages of results',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous page',
  next: 'Next page',
  scoreboard: 'Your votes on this run',
  noVotes: 'No votes on this run yet.',
  back: 'Back to the comparison page',
  notFound: 'This prompt list run does not exist, or it is not yours.',
} as const;
