import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_ROUTES, sharedChatPagePath } from '@promptpair/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services/services.ts';
import { GENERIC_PREVIEW, injectPreview, sharedPreview } from './open-graph.ts';

/**
 * GET /chatid/{hash}: the SPA's index.html with the shared prompt as title and preview. Read once
 * (a deploy restarts the server); an unknown hash still gets the page, with the generic preview.
 */
export const sharedPageRoute: FastifyPluginAsync<{ services: Services; webRoot: string }> = async (app, { services, webRoot }) => {
  let page: Promise<string> | undefined;
  const indexHtml = () => (page ??= readFile(join(webRoot, 'index.html'), 'utf8'));

  app.get<{ Params: { hash: string } }>(PAGE_ROUTES.sharedChat, async (request, reply) => {
    const base = services.env.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = base + sharedChatPagePath(request.params.hash);
    const shared = await services.sharing.read(request.params.hash);
    const preview = shared ? sharedPreview(shared.prompt ?? '', url) : { ...GENERIC_PREVIEW, url };
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(injectPreview(await indexHtml(), preview));
  });
};
