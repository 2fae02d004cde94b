import type { TComparisonResponse, TServiceResult, TSession } from '@promptpair/contract';

/*
 * Light shape checks for the server's answers. The contract's zod schemas would do this too,
 * but using them here pulls zod (about 22 KB gzipped) into the first bundle for a server we
 * build and test against the same contract; a wrong shape only has to fail loudly, not explain.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

export class UnexpectedAnswerError extends Error {
  override readonly name = 'UnexpectedAnswerError';
}

export function expectShape<T>(guard: (value: unknown) => value is T, what: string) {
  return (value: unknown): T => {
    if (!guard(value)) throw new UnexpectedAnswerError(`The server's ${what} answer has an unexpected shape.`);
    return value;
  };
}

export const isSession = (value: unknown): value is TSession =>
  isObject(value) &&
  typeof value.freePrompts === 'number' &&
  typeof value.freePromptsLeft === 'number' &&
  typeof value.demoMode === 'boolean' &&
  typeof value.subscribed === 'boolean';

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export const isServiceResult = (value: unknown): value is TServiceResult =>
  isObject(value) &&
  isNullableString(value.message) &&
  isNullableString(value.errorMsg) &&
  (value.tokens === null || typeof value.tokens === 'number') &&
  typeof value.elapsedTime === 'number';

/** A saved comparison has its log id; an unsaved one (the database failed after both answers) says so instead. */
export const isSavedOrUnsaved = (value: Record<string, unknown>): boolean =>
  typeof value.logId === 'string' || (value.logId === null && value.unsaved === true);

export const isComparisonResponse = (value: unknown): value is TComparisonResponse =>
  isObject(value) && isServiceResult(value.chatGPT) && isServiceResult(value.palmAPI) && isSavedOrUnsaved(value);

export const isShareResponse = (value: unknown): value is { url: string } => isObject(value) && typeof value.url === 'string';
