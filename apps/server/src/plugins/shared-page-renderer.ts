import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHARED_PAGE_RENDERER_FILE, type RenderSharedPage, type TSharedPageData } from '@promptpair/contract';
import { createSizedCache } from '../lib/sized-cache.ts';

/** Markup kept, by characters of page data and markup together: a page is read far more often than it changes. */
const CACHE_MAX_CHARS = 4_000_000;

export interface SharedPageRenderer {
  /**
   * The markup of the shared page's `#root` for `data`, which the page carries as `json`; null when
   * the page is left to paint in the browser (a build without the renderer, an answer the server did
   * not render, a render that failed).
   */
  render(data: TSharedPageData, json: string): Promise<string | null>;
}

/**
 * The web build's renderer for the shared page (src/shared-page.server.tsx, built by `vite build
 * --ssr` into the build folder): loaded on the first shared page and again after a rebuild, as
 * index.html is read again. A page costs a few milliseconds to render, so the markup is cached by
 * the page's data, which is everything it depends on; a failure is logged and cached like a result.
 */
export function createSharedPageRenderer(webRoot: string, onFailure: (error: unknown) => void): SharedPageRenderer {
  const file = join(webRoot, SHARED_PAGE_RENDERER_FILE);
  let loaded: { mtimeMs: number; render: Promise<RenderSharedPage>; cache: ReturnType<typeof createSizedCache<string, string | null>> } | undefined;
  const current = async () => {
    const mtimeMs = await stat(file).then((s) => s.mtimeMs, () => null);
    if (mtimeMs === null) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      // The query names this build's module: an import of the same address would answer the old one.
      const render = import(`${pathToFileURL(file).href}?build=${mtimeMs}`).then((module: { renderSharedPage: RenderSharedPage }) => module.renderSharedPage);
      loaded = { mtimeMs, render, cache: createSizedCache(CACHE_MAX_CHARS, (json, markup) => json.length + (markup?.length ?? 0)) };
    }
    return loaded;
  };
  return {
    async render(data, json) {
      const built = await current();
      if (!built) return null;
      const cached = built.cache.get(json);
      if (cached !== undefined) return cached;
      const markup = await built.render.then((render) => render(data)).catch((error: unknown) => {
        onFailure(error);
        return null;
      });
      built.cache.set(json, markup);
      return markup;
    },
  };
}
