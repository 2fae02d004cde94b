import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { waitForStart } from './wait-for-start.ts';

/** A request on a socket, and a turn that comes only when the test says so. */
function waitingRequest() {
  const socket = { destroyed: false, readableEnded: false, destroy: vi.fn() };
  const request = { raw: { socket } } as unknown as FastifyRequest;
  const hijack = vi.fn();
  const reply = { hijack } as unknown as FastifyReply;
  let giveTurn = () => {};
  const waited = waitForStart(() => new Promise<void>((resolve) => (giveTurn = resolve)))(request, reply);
  return { socket, hijack, waited, giveTurn: () => giveTurn() };
}

describe('a comparison waits for its start', () => {
  it('goes on to the handler when its turn comes and the visitor is still there', async () => {
    const { socket, hijack, waited, giveTurn } = waitingRequest();
    giveTurn();
    await waited;
    expect(hijack).not.toHaveBeenCalled();
    expect(socket.destroy).not.toHaveBeenCalled();
  });

  it('starts nothing for a visitor who closed the connection while waiting', async () => {
    const { socket, hijack, waited, giveTurn } = waitingRequest();
    socket.readableEnded = true;
    giveTurn();
    await waited;
    expect(hijack).toHaveBeenCalledOnce();
    expect(socket.destroy).toHaveBeenCalledOnce();
  });

  it('starts nothing for a visitor whose connection is gone', async () => {
    const { socket, hijack, waited, giveTurn } = waitingRequest();
    socket.destroyed = true;
    giveTurn();
    await waited;
    expect(hijack).toHaveBeenCalledOnce();
  });
});
