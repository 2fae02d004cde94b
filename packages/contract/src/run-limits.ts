/**
 * Limits on prompt-list runs per network address and in total, and the words of their refusals.
 * Each default is changeable by the operator (README, "Configuration"); docs/decisions.md
 * ("Prompt-list runs: limits per address") says why they are counted as they are. No zod here, so
 * the page's first bundle may read it.
 */
export const RUN_LIMIT_DEFAULTS = {
  /** Runs working at once for one client address (BATCH_RUNS_PER_IP). */
  runsPerIp: 1,
  /** Runs working at once on the whole installation (BATCH_RUNS_TOTAL). */
  runsTotal: 10,
  /** Upload attempts per client address per hour (BATCH_UPLOADS_PER_IP_PER_HOUR). */
  uploadsPerIpPerHour: 20,
  /** Prompts not yet answered in the running lists of one address (BATCH_QUEUED_PROMPTS_PER_IP). */
  queuedPromptsPerIp: 10_000,
} as const;

/** The window of the uploads-per-hour limit. */
export const UPLOAD_WINDOW_MS = 3_600_000;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** How long to wait, in words: "40 seconds", "12 minutes", "3 hours". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second', 'seconds');
  if (s < 90 * 60) return plural(Math.ceil(s / 60), 'minute', 'minutes');
  return plural(Math.round(s / 3600), 'hour', 'hours');
}

/** What a refused upload says: which limit, and when trying again can work. */
export const RUN_LIMIT_MESSAGES = {
  uploadsPerHour: 'Too many prompt lists were uploaded from your network address in the last hour.',
  uploadsPerHourRetry: (retryAfterSeconds: number) =>
    `${RUN_LIMIT_MESSAGES.uploadsPerHour} Try again in ${waitText(retryAfterSeconds)}.`,
  runsPerIp: (limit: number, retryAfterSeconds: number) =>
    limit === 1
      ? `A prompt list from your network address is already running, and this server runs one at a time per address. Try again when it has finished, in about ${waitText(retryAfterSeconds)}.`
      : `${plural(limit, 'prompt list', 'prompt lists')} from your network address are already running, the most this server runs at once per address. Try again when one has finished, in about ${waitText(retryAfterSeconds)}.`,
  runsTotal: (retryAfterSeconds: number) =>
    `This server is already running as many prompt lists as it can at once. Try again in about ${waitText(retryAfterSeconds)}.`,
  queuedPerIp: (waiting: number, adding: number, limit: number, retryAfterSeconds: number) =>
    `The prompt lists running from your network address still have ${plural(waiting, 'prompt', 'prompts')} to answer, and this list would add ${adding.toLocaleString('en-US')}: more than the ${limit.toLocaleString('en-US')} this server takes per address. Try again in about ${waitText(retryAfterSeconds)}, or upload a shorter list.`,
  /** A list that could never fit: a 422, since waiting does not help. */
  listOverQueueLimit: (count: number, limit: number) =>
    `The file holds ${count.toLocaleString('en-US')} prompts, more than the ${limit.toLocaleString('en-US')} this server takes at once per network address. Split it into smaller lists.`,
} as const;
