import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface BlackHoleProxy {
  /** The proxy's loopback port: point the server's DATABASE_URL here. */
  port: number;
  /** From now on no byte passes, either way, on old or new connections, and nothing is closed: a network partition. */
  swallow(): void;
  /**
   * Forwards again. The connections that lost bytes are cut, as the end of a long partition leaves
   * them (their peers gave up): only new ones work.
   */
  heal(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of `target` that a test can turn into a black hole and back. */
export async function startBlackHoleProxy(target: { host: string; port: number }): Promise<BlackHoleProxy> {
  let swallowing = false;
  const broken = new Set<Socket>();
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      open.add(from);
      from.on('data', (chunk: Buffer) => {
        if (swallowing) broken.add(from).add(to);
        else to.write(chunk);
      });
      from.on('error', end);
      from.on('close', () => {
        open.delete(from);
        broken.delete(from);
        end();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    swallow: () => void (swallowing = true),
    heal() {
      swallowing = false;
      for (const socket of broken) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
