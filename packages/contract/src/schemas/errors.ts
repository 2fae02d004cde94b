import { z } from 'zod';

/** Every error the API answers has this one shape. `errors` maps a field path to its messages. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Error codes and the HTTP status each answers with: shared by the server and the web client. */
export const ERROR_STATUS = {
  malformed_json: 400,
  bad_request: 400,
  bad_url: 400,
  csrf_failed: 403,
  subscription_required: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  body_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  key_refused: 422,
  /** A free prompt for a model outside the operator's offer (MODEL_TEXTS.notOffered). */
  model_not_offered: 422,
  free_cap_reached: 429,
  rate_limited: 429,
  run_limit_reached: 429,
  headers_too_large: 431,
  internal: 500,
  not_ready: 503,
  shutting_down: 503,
  storage_unavailable: 503,
  key_check_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Retry-After of a 503 `storage_unavailable`: the database was unreachable or busy for a moment. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;
