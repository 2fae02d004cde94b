import type { TApiError } from '@promptpair/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';

/**
 * Runs a route's work; an ApiError that says when to try again gets its Retry-After header. A 503
 * of that kind (a service we depend on could not be asked) is answered here with one warning line,
 * not passed on as a fault of ours; every other error goes to the errors plugin as before.
 */
export async function withRetryAfter<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError) || error.retryAfterSeconds === undefined) throw error;
    void reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.statusCode < 500) throw error;
    request.log.warn({ status: error.statusCode, code: error.code }, 'request refused for now');
    const body: TApiError = { message: error.message, code: error.code };
    return reply.status(error.statusCode).send(body);
  }
}
