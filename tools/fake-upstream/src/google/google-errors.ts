// google.rpc.Status error envelope shared by Gemini and PaLM (docs/wire-formats.md §3.7, §2.6).
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http-io.ts';

export interface GoogleErrorReply {
  status: number;
  error: { code: number; message: string; status: string; details?: unknown[] };
}

/** HTTP status → google.rpc.Code name (google/rpc/code.proto). */
const codeNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED', 499: 'CANCELLED', 500: 'INTERNAL', 501: 'UNIMPLEMENTED', 503: 'UNAVAILABLE', 504: 'DEADLINE_EXCEEDED',
};

export function googleError(status: number, message: string, details?: unknown[]): GoogleErrorReply {
  const name = codeNames[status] ?? (status >= 500 ? 'UNKNOWN' : 'FAILED_PRECONDITION');
  return { status, error: { code: status, message, status: name, ...(details ? { details } : {}) } };
}

/** 400 INVALID_ARGUMENT; a field violation is added when the problem is tied to one field. */
export function invalidArgument(message: string, field?: string): GoogleErrorReply {
  const violation = field === undefined ? { description: message } : { field, description: message };
  return googleError(400, message, [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [violation] }]);
}

export function unknownFieldError(name: string, at?: string): GoogleErrorReply {
  const where = at ? ` at '${at}'` : '';
  return invalidArgument(`Invalid JSON payload received. Unknown name "${name}"${where}: Cannot find field.`, at);
}

/** Wrong JSON type for a field, e.g. a string where a float is expected. */
export function invalidValueError(at: string, typeName: string, value: unknown): GoogleErrorReply {
  return invalidArgument(`Invalid value at '${at}' (${typeName}), ${JSON.stringify(value)}`, at);
}

export function missingKeyError(): GoogleErrorReply {
  return googleError(403, "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.");
}

export function invalidKeyError(): GoogleErrorReply {
  const message = 'API key not valid. Please pass a valid API key.';
  return googleError(400, message, [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message },
  ]);
}

export function modelNotFoundError(model: string, apiVersion: string, method: string): GoogleErrorReply {
  return googleError(404, `models/${model} is not found for API version ${apiVersion}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`);
}

export function unparsableBodyError(): GoogleErrorReply {
  return invalidArgument('Invalid JSON payload received. Unexpected token.');
}

/** Thrown by validators so each check can stop at the first problem. */
export class GoogleRejection extends Error {
  constructor(readonly reply: GoogleErrorReply) {
    super(reply.error.message);
  }
}

export function sendGoogleError(res: ServerResponse, reply: GoogleErrorReply): void {
  sendJson(res, reply.status, { error: reply.error });
}

/** Out-of-range wording of the generative language API; `maxExclusive` undefined means no upper bound. */
export function rangeError(name: string, value: number, min: number, maxExclusive: number | undefined, at: string): GoogleErrorReply {
  const upper = maxExclusive === undefined ? ' upwards' : ` to ${maxExclusive} (exclusive)`;
  return invalidArgument(
    `Unable to submit request because it has a ${name} value of ${value} but the supported range is from ${min} (inclusive)${upper}. Update the value and try again.`,
    at,
  );
}
