import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TakeTurn } from '../../lib/loop-turns.ts';

/**
 * The preHandler of every route that starts a comparison: after validation, the request waits its
 * turn (lib/loop-turns.ts). A visitor who left while waiting gets nothing started: no free prompt
 * claimed, no upstream call, no log; there is no one to answer, so the connection is just closed.
 * A comparison that has started runs to its end as before, whatever the connection does.
 */
export function waitForComparisonTurn(takeTurn: TakeTurn) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await takeTurn();
    // The socket, not the request: a request whose body was read whole is already ended. A client
    // that stops waiting closes its side (as a stopped stream does, event-stream.ts).
    const socket = request.raw.socket;
    if (socket.destroyed || socket.readableEnded) {
      reply.hijack();
      socket.destroy();
    }
  };
}
