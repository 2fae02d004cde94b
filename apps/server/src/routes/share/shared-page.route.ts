import { PAGE_ROUTES, pairNames, sharedChatPagePath } from '@promptpair/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { IndexPage } from '../../plugins/index-page.ts';
import { createAnswerHtml } from '../../services/answer-html.ts';
import type { Services } from '../../services/services.ts';
import { GENERIC_PREVIEW, injectPreview, sharedPreview } from './open-graph.ts';
import { embedSharedChat, sharedPageData } from './shared-page-data.ts';

/** The shared page's module in the web app, as the build's manifest names it. */
export const SHARED_PAGE_SOURCE = 'src/features/share/components/shared-chat-page.tsx';

/**
 * GET /chatid/{hash}: the SPA's index.html with the shared prompt as title and preview, because chat
 * apps unfurl from the HTML. An unknown hash still gets the page, generically. A known one also
 * carries the comparison with its answers rendered, and preloads the page's code: the page paints
 * finished as soon as its script has run, with no request for the comparison and no Markdown
 * renderer to download. Rate-limited: each page reads the database and may render two answers.
 */
export const sharedPageRoute: FastifyPluginAsync<{ services: Services; indexPage: IndexPage }> = async (app, { services, indexPage }) => {
  const answers = createAnswerHtml();
  app.get<{ Params: { hash: string } }>(PAGE_ROUTES.sharedChat, { onRequest: app.limitRate('sharedPage') }, async (request, reply) => {
    const { hash } = request.params;
    const base = services.env.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = base + sharedChatPagePath(hash);
    const shared = await services.sharing.read(hash);
    const page = shared
      ? embedSharedChat(injectPreview(await indexPage.htmlFor(SHARED_PAGE_SOURCE), sharedPreview(shared.conversation?.turns[0]?.prompt ?? shared.prompt ?? '', url, pairNames(shared.sides))), await sharedPageData(hash, shared, answers))
      : injectPreview(await indexPage.html(), { ...GENERIC_PREVIEW, url });
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
};
