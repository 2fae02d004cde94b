import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WaitForStart } from '../../lib/start-queue.ts';

/**
 * The preHandler of every route that starts a comparison (JSON, streamed, blind): after validation,
 * the request waits its turn in the start queue (lib/start-queue.ts). A visitor who left while
 * waiting gets nothing started: no free prompt claimed, no upstream call, no log; there is no one
 * to answer, so the connection is just closed. A comparison that has started runs as before.
 */
export function waitForStart(waitForTurn: WaitForStart) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await waitForTurn();
    // The socket, not the request: a request whose body was read whole has already ended. A client
    // that stops waiting closes its side (as a stopped stream does, event-stream.ts).
    const socket = request.raw.socket;
    if (socket.destroyed || socket.readableEnded) {
      reply.hijack();
      socket.destroy();
    }
  };
}
