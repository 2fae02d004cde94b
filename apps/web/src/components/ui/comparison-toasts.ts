import { MESSAGES, RATE_LIMIT_MESSAGES, TOAST_MS } from '@promptpair/contract';
import { HttpError } from '../../lib/http.ts';
import { toast } from './toast.ts';

// The three submit toasts of docs/product.md §8, with their exact texts, durations and (for 429) position.

export function toastEmptyPrompt() {
  toast.error(MESSAGES.emptyPrompt, { id: 'empty-prompt', duration: TOAST_MS.emptyPrompt });
}

export function toastFreeCapReached() {
  toast.error(MESSAGES.freeCapReached, { id: 'free-cap', duration: TOAST_MS.freeCapReached, position: 'top-center' });
}

export function toastUnexpectedError() {
  toast.error(MESSAGES.unexpectedError, { id: 'unexpected-error', duration: TOAST_MS.unexpectedError });
}

/** Too many comparisons in a short time (a 429 `rate_limited`, not the free cap): a script's pace, not a person's. */
export function toastRateLimited() {
  toast.error(RATE_LIMIT_MESSAGES.comparison, { id: 'rate-limited', duration: TOAST_MS.unexpectedError });
}

/** A comparison's 429, told apart: too fast (`rate_limited`) or the free cap. False for any other failure. */
export function toastTooMany(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 429) return false;
  if ((error.body as { code?: unknown } | undefined)?.code === 'rate_limited') toastRateLimited();
  else toastFreeCapReached();
  return true;
}
