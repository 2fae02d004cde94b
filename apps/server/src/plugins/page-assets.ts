import { insertBeforeHeadEnd } from '../lib/html-head.ts';

/** One chunk in the web build's manifest (Vite's `.vite/manifest.json`), keyed by its source file. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type WebManifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest inside the web build. */
export const WEB_MANIFEST_PATH = '.vite/manifest.json';

/**
 * The files a lazily loaded page needs before it can paint: its chunk, the chunks that chunk imports
 * (recursively) and their stylesheets, as site paths. Empty when the build has no such page.
 */
export function pageAssets(manifest: WebManifest, source: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return { scripts, styles };
}

/**
 * `html` with the page's assets linked in its head, each one that the page does not already link:
 * scripts as module preloads, fetched beside the entry instead of after it has run, and
 * stylesheets as stylesheets, so the page's first paint is already styled.
 */
export function linkPageAssets(html: string, assets: { scripts: string[]; styles: string[] }): string {
  const linked = (path: string) => html.includes(`"${path}"`);
  const tags = [
    ...assets.scripts.filter((path) => !linked(path)).map((path) => `<link rel="modulepreload" crossorigin href="${path}">`),
    ...assets.styles.filter((path) => !linked(path)).map((path) => `<link rel="stylesheet" crossorigin href="${path}">`),
  ];
  return tags.length === 0 ? html : insertBeforeHeadEnd(html, `  ${tags.join('\n    ')}\n  `);
}
