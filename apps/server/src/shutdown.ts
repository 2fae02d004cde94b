import type { Composed } from './compose.ts';

/**
 * Closes the product for a SIGTERM: no new connections, readiness 503, prompt-list runs handed
 * back, requests in flight answered (plugins/lifecycle.ts), then storage closed. Requests still
 * running after `graceMs` lose their connections, so the process always ends within the grace.
 */
export async function closeGracefully(composed: Composed, graceMs: number): Promise<void> {
  const cut = setTimeout(() => {
    composed.app.log.warn(`shutdown: requests still running after ${graceMs} ms; closing their connections`);
    composed.app.server.closeAllConnections();
  }, graceMs);
  try {
    await composed.close();
  } finally {
    clearTimeout(cut);
  }
}
