import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@promptpair/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IndexPage } from './index-page.ts';

/** Paths that belong to the API: unknown ones answer JSON 404, never the page. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/log-details');
}

/** A request for a file (it has an extension), not a page: a missing one is a 404, never the page. */
function isFilePath(url: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(url.split('?')[0] ?? '');
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is revalidated so a
 * deploy shows at once. The files are listed at start (a rebuild needs a restart, as a deploy does).
 * Client routes (/, /chatid/…, /privacy-policy, …) all get index.html.
 */
export const webPlugin = fp(
  async (app, { root }: { root: string }) => {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each script and stylesheet: sent as they are to
      // browsers that accept them, so no request costs compression time.
      preCompressed: true,
      // Our own Cache-Control below; the default would overwrite it with `max-age=0`.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes(`${join('assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  },
  { name: 'web' },
);

export function webRootExists(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

/** The not-found answer: the SPA for a page a browser asks for, JSON for everything else. */
export function spaFallback(indexPage: IndexPage | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !isFilePath(request.url);
    if (indexPage && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(await indexPage.html());
    }
    return reply.status(404).send({ message: MESSAGES.notFound, code: 'not_found' });
  };
}
