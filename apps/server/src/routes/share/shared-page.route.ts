import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_ROUTES, sharedChatPagePath } from '@promptpair/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services/services.ts';
import { GENERIC_PREVIEW, injectPreview, sharedPreview } from './open-graph.ts';

/**
 * GET /chatid/{hash}: the SPA's index.html with the shared prompt as title and preview. The file
 * is cached and read again only when it changes (a rebuild under a running server must not leave
 * shared pages pointing at deleted assets). An unknown hash still gets the page, generically.
 */
export const sharedPageRoute: FastifyPluginAsync<{ services: Services; webRoot: string }> = async (app, { services, webRoot }) => {
  const file = join(webRoot, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  const indexHtml = async () => {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };

  app.get<{ Params: { hash: string } }>(PAGE_ROUTES.sharedChat, async (request, reply) => {
    const base = services.env.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = base + sharedChatPagePath(request.params.hash);
    const shared = await services.sharing.read(request.params.hash);
    const preview = shared ? sharedPreview(shared.prompt ?? '', url) : { ...GENERIC_PREVIEW, url };
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(injectPreview(await indexHtml(), preview));
  });
};
