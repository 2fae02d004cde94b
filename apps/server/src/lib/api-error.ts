import { ERROR_STATUS, type ErrorCode } from '@promptpair/contract';

/** An error a route means to show: its code picks the status from the contract's table. */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Sent as Retry-After by routes that refuse for a while (routes/retry-later.ts). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = ERROR_STATUS[code];
  }
}
