import { MESSAGES, type TApiError } from '@promptpair/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/api-error.ts';

/** Field path as the client names it: "chatGPT.temperature", "messages.0.content". */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

function toBody(error: FastifyError): { status: number; body: TApiError } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as { instancePath: string; message: string }[];
    const errors: Record<string, string[]> = {};
    for (const issue of issues) (errors[fieldName(issue.instancePath)] ??= []).push(issue.message);
    const first = issues[0]?.message ?? MESSAGES.validationFailed;
    return { status: 422, body: { message: first, code: 'validation_failed', errors } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: MESSAGES.malformedJson, code: 'malformed_json' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: MESSAGES.bodyTooLarge, code: 'body_too_large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: 'Send the request body as JSON (Content-Type: application/json).', code: 'unsupported_media_type' } };
    case 'FST_CSRF_INVALID_TOKEN':
    case 'FST_CSRF_MISSING_SECRET':
      return { status: 403, body: { message: MESSAGES.csrfFailed, code: 'csrf_failed' } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { message: error.message } };
  return { status: 500, body: { message: MESSAGES.internalError, code: 'internal' } };
}

/**
 * One error shape for every failure. 4xx keep their own words; 5xx are logged with the request's
 * context and answered with a generic text, so internals and secrets never reach the client.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance, options: { onNotFound?: (request: FastifyRequest, reply: FastifyReply) => unknown }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toBody(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: body.code }, 'request refused');
      return reply.status(status).send(body);
    });
    app.setNotFoundHandler((request, reply) => {
      if (options.onNotFound) return options.onNotFound(request, reply);
      return reply.status(404).send({ message: MESSAGES.notFound, code: 'not_found' } satisfies TApiError);
    });
  },
  { name: 'errors' },
);
