/**
 * Every user-facing text of the spec (docs/product.md §2, §4, §5, §8), in one place.
 * The web shows them and the server answers with them; tests assert them from here.
 */
export const MESSAGES = {
  pendingResult:
    'The request has not been sent yet. Please fill in the form/data and click the prompt button.',
  emptyPrompt: 'Prompt cannot be empty',
  freeCapReached: 'You need to enter your own API key to get more than 5 prompts.',
  unexpectedError: 'An unexpected error occurred',
  topPWarning:
    "ChatGPT doesn't suggest using both top_p and Temperature fields at the same time. Are you sure?",
  editMessagesBothRequired: 'Both role and content are required; neither can be empty.',
  editMessagesBothRequiredBard: 'Both author and content are required; neither can be empty.',
  linkCopied: 'Link copied to clipboard!',
  loading: 'Loading...',
  logFetchFailed: 'Error fetching log details. Please try again later.',
  logEmpty: 'Nothing logged yet. Tick "Log output" in a service\'s options before you submit, and the comparison will appear here.',
  sharedNotFound: 'This shared comparison could not be found. The link may be mistyped or the result was removed.',
  contact: {
    invalidEmail: 'Please enter a valid email.',
    emptyMessage: 'Message cannot be empty.',
    shortMessage: 'Message is too short.',
    failed: 'There was an error sending your message. Please try again.',
    sent: 'Thank you for your message! We will get back to you soon.',
    rateLimited: 'Too many messages from this browser. Please try again later.',
  },
  demoBanner:
    'Demo mode: simulated answers. No API keys are configured on this server, so both columns are answered by a local simulator. Enter your own API key to reach the real service.',
  notFound: 'Not found.',
  csrfFailed: 'Your session expired or the request did not come from this site. Reload the page and try again.',
  internalError: 'Something went wrong on our side. Please try again.',
  storageUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  /** A comparison answered whose log record could not be written (the database failed after both calls). */
  comparisonNotSaved: 'This comparison was not saved: the answers below are complete, but they will not appear in your log and cannot be shared.',
  /** A streamed comparison whose connection broke (not a Stop) before a side finished. */
  streamInterrupted: 'The connection was lost before this answer was complete. Try again.',
  answerCopied: 'Answer copied to clipboard.',
  codeCopied: 'Code copied to clipboard.',
  copyFailed: 'Could not copy: the browser did not allow it.',
} as const;

/** Services as named to the visitor in error messages. */
export const SERVICE_NAMES = { chatGPT: 'ChatGPT', palmAPI: 'Palm API' } as const;
export type ServiceKey = keyof typeof SERVICE_NAMES;
/** Both services, in the page's order (ChatGPT's column first). */
export const SERVICE_KEYS = ['chatGPT', 'palmAPI'] as const satisfies readonly ServiceKey[];

/**
 * What a box says of a side the visitor stopped (Stop or Escape) before it finished, naming the
 * side as its box does ("ChatGPT", "Claude · claude-haiku-5-5"); the text that had arrived stays above it.
 */
export function describeStoppedSide(name: string, hadText: boolean): string {
  return hadText
    ? `Stopped before ${name} finished: the text above is what had arrived.`
    : `Stopped before ${name} sent any text.`;
}

/**
 * Classes of upstream failure (docs/wire-formats.md §4.4) and the plain words a visitor sees for each.
 * The text never contains a key: upstream bodies may echo part of one, so they are not shown.
 */
export const UPSTREAM_ERROR_CODES = [
  'upstream_auth',
  'upstream_forbidden',
  'upstream_model',
  'upstream_rate_limited',
  'upstream_quota',
  'upstream_timeout',
  'upstream_bad_request',
  'upstream_blocked',
  'upstream_error',
  'upstream_unreachable',
  'upstream_bad_response',
  'upstream_no_key',
  'upstream_too_large',
  'upstream_interrupted',
  'upstream_context',
] as const;
export type UpstreamErrorCode = (typeof UPSTREAM_ERROR_CODES)[number];

export function describeUpstreamError(
  service: ServiceKey,
  code: UpstreamErrorCode,
  detail: { model?: string; retryAfterSeconds?: number; reason?: string; retiredOn?: string | undefined } = {},
): string {
  return describeServiceError(SERVICE_NAMES[service], code, detail);
}

/** The same words for any service, named as the visitor sees it (`Claude`, a declared service's name). */
export function describeServiceError(
  name: string,
  code: UpstreamErrorCode,
  detail: { model?: string; retryAfterSeconds?: number; reason?: string; retiredOn?: string | undefined } = {},
): string {
  switch (code) {
    case 'upstream_auth':
      return `${name} rejected the API key. Check that the key is correct and active.`;
    case 'upstream_forbidden':
      return `${name} refused the request: the API key has no access to it (or the service is not available in your region).`;
    case 'upstream_model':
      return detail.retiredOn
        ? `${name} retired the model "${detail.model ?? ''}" on ${detail.retiredOn}. Pick another model.`
        : `${name} does not know the model "${detail.model ?? ''}", or the API key has no access to it. Pick another model.`;
    case 'upstream_rate_limited':
      return detail.retryAfterSeconds !== undefined
        ? `${name} is rate limiting this API key. Try again in ${Math.ceil(detail.retryAfterSeconds)} s.`
        : `${name} is rate limiting this API key. Try again in a moment.`;
    case 'upstream_quota':
      return `${name} says the API key's quota is used up. Check the plan and billing of the account.`;
    case 'upstream_timeout':
      return `${name} did not answer in time. Try again, or ask for a shorter answer.`;
    case 'upstream_bad_request':
      return `${name} rejected the request${detail.reason ? `: ${detail.reason}` : '.'}`;
    case 'upstream_blocked':
      return `${name} blocked the answer${detail.reason ? ` (${detail.reason})` : ''}. Try rephrasing the prompt.`;
    case 'upstream_error':
      return `${name} had an internal error. Try again in a moment.`;
    case 'upstream_unreachable':
      return `${name} could not be reached. Try again in a moment.`;
    case 'upstream_bad_response':
      return `${name} sent an answer that could not be read. Try again in a moment.`;
    case 'upstream_no_key':
      return `This server has no API key for ${name}. Enter your own API key in its options.`;
    case 'upstream_too_large':
      return `${name} sent an answer larger than this server accepts, so it was cut off. Ask for a shorter answer.`;
    case 'upstream_context':
      return `The conversation is longer than ${detail.model ?? `${name}'s model`} can read. Start a new conversation, or continue with only the other side.`;
    case 'upstream_interrupted':
      return `${name} broke off its answer part-way. What arrived is shown; try again for the whole answer.`;
  }
}

