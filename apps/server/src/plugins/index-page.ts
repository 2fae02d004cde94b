import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_MODE_META } from '@promptpair/contract';
import { insertBeforeHeadEnd } from '../lib/html-head.ts';
import { linkPageAssets, pageAssets, WEB_MANIFEST_PATH, type WebManifest } from './page-assets.ts';

export interface IndexPage {
  /** The SPA's index.html as this server serves it. */
  html(): Promise<string>;
  /**
   * index.html with the code and styles of the lazily loaded page built from `source` (a path in
   * the web app, as Vite's manifest names it) linked in its head, so they load beside the entry.
   */
  htmlFor(source: string): Promise<string>;
}

/** Reads a file again only when it changed on disk; a missing file reads as null. */
function watchedFile<T>(file: string, parse: (text: string) => T) {
  let cached: { mtimeMs: number; value: T } | undefined;
  return async (): Promise<T | null> => {
    const mtimeMs = await stat(file).then((s) => s.mtimeMs, () => null);
    if (mtimeMs === null) return null;
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(await readFile(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * The built index.html, cached and read again only when it changes (a rebuild under a running server
 * must not leave pages pointing at deleted assets). In demo mode it carries a meta tag, so the page
 * shows the demo banner from its first paint instead of pushing the form down when the session answers.
 */
export function createIndexPage(webRoot: string, options: { demoMode: boolean }): IndexPage {
  const demoMeta = options.demoMode ? `<meta name="${DEMO_MODE_META}" content="true" />` : '';
  const index = watchedFile(join(webRoot, 'index.html'), (built) => (demoMeta ? insertBeforeHeadEnd(built, `  ${demoMeta}\n  `) : built));
  // A build without a manifest (or an older one) still serves every page, only without the preloads.
  const manifest = watchedFile(join(webRoot, WEB_MANIFEST_PATH), (text) => JSON.parse(text) as WebManifest);
  const html = async () => {
    const page = await index();
    if (page === null) throw new Error(`The web build has no index.html in ${webRoot}.`);
    return page;
  };
  return {
    html,
    async htmlFor(source) {
      const [page, built] = await Promise.all([html(), manifest()]);
      return built ? linkPageAssets(page, pageAssets(built, source)) : page;
    },
  };
}
