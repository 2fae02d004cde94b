import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request logging, as one line per answered request at `debug` instead of two at
 * `info`: at the default level a comparison spent more on its access log than on its database
 * work. Failures keep their lines ("request errored" at error, 5xx from plugins/errors.ts,
 * upstream failures at warn); LOG_LEVEL=debug brings the access log back, with the same redaction.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // Folded into the completed line.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
