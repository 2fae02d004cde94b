import type { TComparisonRequestInput, TPairRequestInput } from '@promptpair/contract';

export interface DownloadRuleInput {
  /** A logged comparison is already known: from an earlier visit in this browser (or, later, the server). */
  loggedBefore: boolean;
  /** Comparisons of this visit: what was sent and whether the server answered 2xx. */
  comparisons: readonly { request: TComparisonRequestInput | TPairRequestInput; succeeded: boolean }[];
}

/**
 * Download Output (docs/decisions.md, "Download Output"): enabled once at least one comparison
 * has been logged, i.e. it succeeded while 'log output' was ticked for a service that was sent.
 * Ticking the box alone does not enable it: there would be nothing to download yet.
 */
export function isDownloadOutputEnabled({ loggedBefore, comparisons }: DownloadRuleInput): boolean {
  return (
    loggedBefore ||
    comparisons.some(
      ({ request, succeeded }) =>
        succeeded &&
        ('sides' in request
          ? request.sides.a.logOutput === true || request.sides.b.logOutput === true
          : request.chatGPT?.logOutput === true || request.bardAPI?.logOutput === true),
    )
  );
}
