import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { timeCalls, warmPool } from './upstream-call-rounds.ts';

/** How long the upstream keeps a connection open with no request on it. */
const IDLE_CLOSE_MS = 200;

/**
 * An upstream that says it keeps connections open for a minute and closes each one after
 * IDLE_CLOSE_MS without a request, as a server whose keep-alive timeout runs out while a client's
 * pool sits idle.
 */
async function closingUpstream(): Promise<{ server: Server; url: string }> {
  const idleTimers = new WeakMap<Socket, NodeJS.Timeout>();
  const server = createServer((req, res) => {
    clearTimeout(idleTimers.get(req.socket));
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=60' });
      res.end('{"ok":true}', () => idleTimers.set(req.socket, setTimeout(() => req.socket.destroy(), IDLE_CLOSE_MS)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** A POST over a keep-alive pool, as an upstream layer's calls go. */
function poolCall(url: string, agent: Agent): () => Promise<unknown> {
  return () =>
    new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end('{}');
    });
}

/** Holds the event loop past the upstream's idle close, as another layer's round does: the closes come due unseen. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

let stop: () => void = () => undefined;
afterEach(() => stop());

describe('timing upstream calls in rounds', () => {
  it('counts a failed call and goes on, instead of ending the run', async () => {
    let made = 0;
    const call = async () => {
      made++;
      if (made % 3 === 0) throw new TypeError('fetch failed', { cause: new Error('other side closed') });
    };
    const timed = await timeCalls(call, 9, 3);
    expect(made).toBe(9);
    expect(timed).toMatchObject({ answered: 6, failed: 3, firstFailure: 'fetch failed: other side closed' });
    expect(timed.microsPerCall).toBeGreaterThan(0);
  });

  it('a pool left idle while the other layer ran fails calls; warmed just before its round, none of the timed ones fail', async () => {
    const { server, url } = await closingUpstream();
    const agent = new Agent({ keepAlive: true });
    stop = () => {
      agent.destroy();
      server.close();
    };
    const call = poolCall(url, agent);

    await timeCalls(call, 8, 4);
    busyFor(IDLE_CLOSE_MS * 2);
    const unwarmed = await timeCalls(call, 8, 4);
    expect(unwarmed.failed).toBeGreaterThan(0);

    await timeCalls(call, 8, 4);
    busyFor(IDLE_CLOSE_MS * 2);
    const warm = await warmPool(call, 4);
    const timed = await timeCalls(call, 8, 4);
    expect(warm.failed).toBeGreaterThan(0);
    expect(timed).toMatchObject({ answered: 8, failed: 0 });
  });
});
