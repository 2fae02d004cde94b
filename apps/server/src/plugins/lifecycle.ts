import { PROBE_MESSAGES, PROBE_ROUTES, type TApiError } from '@promptpair/contract';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { missingMigrations, type Database } from '../db/database.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import type { StorageHealth } from '../db/storage-health.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A probe route: no visitor cookie, no CSRF pair (plugins/visitor.ts, plugins/csrf.ts). */
    probe?: boolean;
  }
}

/** A probe that waits longer than this on the database answers "not ready". */
const READY_CHECK_TIMEOUT_MS = 3000;
const ZProbeOk = z.object({ status: z.literal('ok') });

function refuse(reply: FastifyReply, body: TApiError): FastifyReply {
  return reply.status(503).header('cache-control', 'no-store').send(body);
}

/** Undefined when ready; else why not, in the one error shape. */
async function readiness(db: Database, storage: StorageHealth): Promise<TApiError | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // ETIMEDOUT, as a socket that never answers would say: a storage fault (db/storage-errors.ts).
  const timedOut = () => Object.assign(new Error(`the database did not answer within ${READY_CHECK_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' });
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(timedOut()), READY_CHECK_TIMEOUT_MS)));
  try {
    const missing = await Promise.race([missingMigrations(db), timeout]);
    if (missing.length > 0) return { message: PROBE_MESSAGES.migrationsMissing, code: 'not_ready', errors: { migrations: missing } };
  } finally {
    clearTimeout(timer);
  }
  // A database that answers reads may still be unable to write (a full disk, a read-only file): a
  // write probe, at most one per PROBE_INTERVAL_MS whatever the probe rate (db/storage-health.ts).
  const written = await storage.check();
  return written.ok ? undefined : { message: PROBE_MESSAGES.databaseCannotWrite, code: 'not_ready' };
}

/**
 * Probes and the drain. `GET /healthz` says the process is alive; `GET /readyz` that it can serve
 * (database reachable, migrations applied, a write goes through). Neither sets cookies or logs below warn.
 * On close (server.ts on SIGTERM) readiness turns 503 at once, new requests on kept-alive
 * connections get 503, and every response still running is the last on its connection, so the
 * server stops as soon as its last answer is out instead of waiting out idle keep-alive sockets.
 */
export const lifecyclePlugin = fp<{ db: Database; storage: StorageHealth }>(
  (app, { db, storage }, done) => {
    let draining = false;
    // Connections that never sent a byte: Node counts them neither idle nor busy, so without this one
    // opened and left silent (a client's spare) holds the close until the grace period ends. One that
    // has begun a request is left to finish it and read the 503.
    const silent = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      silent.add(socket);
      socket.once('close', () => silent.delete(socket));
    });
    app.server.on('request', (request: IncomingMessage) => silent.delete(request.socket));
    const closeIdle = () => {
      app.server.closeIdleConnections();
      for (const socket of silent) if (socket.bytesRead === 0) socket.destroy();
    };

    app.addHook('preClose', (hookDone) => {
      draining = true;
      closeIdle();
      hookDone();
    });
    app.addHook('onRequest', (request, reply, hookDone) => {
      if (!draining || request.routeOptions.config.probe) return hookDone();
      void refuse(reply, { message: PROBE_MESSAGES.shuttingDown, code: 'shutting_down' });
    });
    app.addHook('onSend', (_request, reply, payload, hookDone) => {
      if (draining) void reply.header('connection', 'close');
      hookDone(null, payload);
    });
    // Streamed answers sent their headers before the drain began: close their sockets once they end.
    app.addHook('onResponse', (_request, _reply, hookDone) => {
      if (draining) setImmediate(closeIdle);
      hookDone();
    });

    const probe = { logLevel: 'warn', config: { probe: true }, schema: { response: { 200: ZProbeOk } } } as const;
    app.get(PROBE_ROUTES.healthz, probe, async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    });
    app.get(PROBE_ROUTES.readyz, probe, async (request, reply) => {
      if (draining) return refuse(reply, { message: PROBE_MESSAGES.shuttingDown, code: 'shutting_down' });
      const problem = await readiness(db, storage).catch((error: unknown) => {
        if (isStorageUnavailable(error)) storage.fault(error);
        else request.log.warn({ err: error }, 'readiness: the database cannot be reached');
        return { message: PROBE_MESSAGES.databaseUnreachable, code: 'not_ready' };
      });
      if (problem) return refuse(reply, problem);
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    });
    done();
  },
  { name: 'lifecycle' },
);
