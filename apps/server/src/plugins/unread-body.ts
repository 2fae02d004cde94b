import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How much of a refused body the server still reads, past the point where it refused it: as
 * much as the largest body it accepts (a prompt list), so a refusal costs no more than a request
 * that is taken. A client that sends more gets its answer and then a closed connection.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** How long the answer of such a client stays readable before its connection is cut. */
export const LINGER_MS = 2000;

/**
 * Reads and discards what the client is still sending, so the answer sent early (413, 415, 429, …)
 * reaches it. Closing a socket with unread data makes the kernel answer with a reset, and a client
 * still writing its body then sees "connection reset" instead of the answer (RFC 9112 §9.6).
 * Fastify marks a refused body `Connection: close`; Node would close at once, so the header goes and
 * the connection is kept for the next request once the body has been read to its end.
 */
function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  if (reply.getHeader('connection') === 'close') void reply.removeHeader('connection');
  let drained = 0;
  const discard = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= DRAIN_MAX_BYTES) return;
    raw.off('data', discard);
    raw.pause();
    lingerThenClose(request, reply);
  };
  raw.on('data', discard);
  raw.resume();
}

/** Sends what is written, then FIN; the client has LINGER_MS to read it before the socket goes. */
function lingerThenClose(request: FastifyRequest, reply: FastifyReply): void {
  // The request's socket: the response lets go of its own once it has been sent.
  const socket = request.raw.socket;
  const close = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  if (reply.raw.writableFinished) close();
  else reply.raw.once('finish', close);
}

/** Every answer sent before its request's body has arrived in full lets the rest arrive. */
export const unreadBodyPlugin = fp(
  (app, _options, done) => {
    app.addHook('onSend', (request, reply, payload, hookDone) => {
      drainUnreadBody(request, reply);
      hookDone(null, payload);
    });
    done();
  },
  { name: 'unread-body' },
);
