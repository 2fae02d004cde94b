// The words of refused prompt-list uploads. Apart from run-limits.ts so the page's first bundle,
// which reads the rate-limit texts, does not carry them; only the server and the upload dialog do.
import { UPLOADS_PER_HOUR_MESSAGE } from './run-limits.ts';

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
  uploadsPerHour: UPLOADS_PER_HOUR_MESSAGE,
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
