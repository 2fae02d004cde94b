import { PAGE_ROUTES, sharedChatPagePath } from '@promptpair/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { IndexPage } from '../../plugins/index-page.ts';
import type { Services } from '../../services/services.ts';
import { GENERIC_PREVIEW, injectPreview, sharedPreview } from './open-graph.ts';

/**
 * GET /chatid/{hash}: the SPA's index.html with the shared prompt as title and preview, because chat
 * apps unfurl from the HTML. An unknown hash still gets the page, generically.
 */
export const sharedPageRoute: FastifyPluginAsync<{ services: Services; indexPage: IndexPage }> = async (app, { services, indexPage }) => {
  app.get<{ Params: { hash: string } }>(PAGE_ROUTES.sharedChat, async (request, reply) => {
    const base = services.env.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = base + sharedChatPagePath(request.params.hash);
    const shared = await services.sharing.read(request.params.hash);
    const preview = shared ? sharedPreview(shared.prompt ?? '', url) : { ...GENERIC_PREVIEW, url };
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(injectPreview(await indexPage.html(), preview));
  });
};
