import { MESSAGES, REQUEST_ERROR_MESSAGES, STORAGE_RETRY_AFTER_SECONDS, type TApiError } from '@promptpair/contract';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { StorageHealth } from '../db/storage-health.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { ApiError } from '../lib/api-error.ts';

/** Field path as the client names it: "chatGPT.temperature", "messages.0.content". */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** The status and the one error body any failure is answered with (also a stream's `error` event). */
export function toBody(error: FastifyError): { status: number; body: TApiError } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A missing body, or one that is not an object, fails at the root with zod's own words; say what to send.
    const rootOfBody = (path: string) => error.validationContext === 'body' && fieldName(path) === 'body';
    const issues = (error.validation as { instancePath: string; message: string }[]).map((issue) =>
      rootOfBody(issue.instancePath) ? { ...issue, message: REQUEST_ERROR_MESSAGES.bodyNotObject } : issue,
    );
    const errors: Record<string, string[]> = {};
    for (const issue of issues) (errors[fieldName(issue.instancePath)] ??= []).push(issue.message);
    const first = issues[0]?.message ?? REQUEST_ERROR_MESSAGES.validationFailed;
    return { status: 422, body: { message: first, code: 'validation_failed', errors } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: REQUEST_ERROR_MESSAGES.malformedJson, code: 'malformed_json' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: REQUEST_ERROR_MESSAGES.bodyTooLarge, code: 'body_too_large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: REQUEST_ERROR_MESSAGES.unsupportedMediaType, code: 'unsupported_media_type' } };
    case 'FST_CSRF_INVALID_TOKEN':
    case 'FST_CSRF_MISSING_SECRET':
      return { status: 403, body: { message: MESSAGES.csrfFailed, code: 'csrf_failed' } };
  }
  if (isStorageUnavailable(error)) return { status: 503, body: { message: MESSAGES.storageUnavailable, code: 'storage_unavailable' } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { message: error.message } };
  return { status: 500, body: { message: MESSAGES.internalError, code: 'internal' } };
}

type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

const NOT_FOUND: TApiError = { message: MESSAGES.notFound, code: 'not_found' };

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook or handler runs, in the one
 * error shape instead of Fastify's own. A path parameter longer than the router takes (100
 * characters; no id or hash of ours is that long) cannot name anything, so it is simply not found.
 * The reply here is Fastify's bare one, without plugin decorators (no sendFile), so it is JSON.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'request refused by the router');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(404).send(NOT_FOUND);
  else void reply.status(400).send({ message: REQUEST_ERROR_MESSAGES.badUrl, code: 'bad_url' } satisfies TApiError);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: TApiError }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', body: { message: REQUEST_ERROR_MESSAGES.headersTooLarge, code: 'headers_too_large' } },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', body: { message: REQUEST_ERROR_MESSAGES.requestTimeout, code: 'request_timeout' } },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', body: { message: REQUEST_ERROR_MESSAGES.badRequest, code: 'bad_request' } };

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read never reaches Fastify,
 * so it is answered here on the bare socket, in the one error shape. `end` (not `destroy`) sends
 * the answer before closing, so the client reads it rather than a reset.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return void socket.destroy();
  const { status, reason, body } = CLIENT_ERRORS[error.code] ?? BAD_REQUEST;
  const text = JSON.stringify(body);
  // The answer to a HEAD request has no body (RFC 9110 §9.3.2), or the client reads it as the next
  // answer. Node hands the unparsed bytes over as a Buffer (Fastify's types describe its JSON form).
  const packet: unknown = error.rawPacket;
  const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
  const headers = `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n`;
  socket.end(head ? headers : headers + text);
}

/**
 * One error shape for every failure. 4xx keep their own words; 5xx are logged with the request's
 * context and answered with a generic text, so internals and secrets never reach the client; a
 * database outage is a 503 with Retry-After, logged once per outage.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance, options: { onNotFound?: NotFoundHandler; storage: Pick<StorageHealth, 'fault'> }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toBody(error);
      if (body.code === 'storage_unavailable') {
        // One line per outage (db/storage-health.ts), not a stack per request.
        options.storage.fault(error);
        request.log.debug({ err: error }, 'request failed: the database is unavailable');
        void reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: body.code }, 'request refused');
      return reply.status(status).send(body);
    });
    app.setNotFoundHandler((request, reply) => {
      if (options.onNotFound) return options.onNotFound(request, reply);
      return reply.status(404).send(NOT_FOUND);
    });
  },
  { name: 'errors' },
);
