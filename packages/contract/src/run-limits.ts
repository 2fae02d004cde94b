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

/** The uploads-per-hour refusal; kept here because the comparison page's rate-limit texts name it too. */
export const UPLOADS_PER_HOUR_MESSAGE = 'Too many prompt lists were uploaded from your network address in the last hour.';
