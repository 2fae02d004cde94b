import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long start waits for Redis to answer before serving without it (limits then go uncounted until it does). */
const CONNECT_WAIT_MS = 5000;

/**
 * The Redis client that holds the rate-limit counters (REDIS_URL). Commands fail at once while it
 * is unreachable instead of queueing, so a request never waits on it; it reconnects by itself.
 * Only changes of state are logged, not every failed reconnect.
 */
export async function connectRedis(url: string, late: { log?: FastifyBaseLogger }): Promise<Redis> {
  // Loaded here, not at start: a process without REDIS_URL never holds the client (some 25 MB).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    late.log?.warn({ err: error }, 'Redis cannot be reached; rate limits are not counted until it answers again');
  });
  redis.on('ready', () => {
    if (down) late.log?.info('Redis answers again; rate limits are counted');
    down = false;
  });
  // Ready, refused or silent for CONNECT_WAIT_MS: whichever comes first, start goes on.
  await new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle).off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, CONNECT_WAIT_MS);
    redis.once('ready', settle).once('error', settle);
  });
  return redis;
}
