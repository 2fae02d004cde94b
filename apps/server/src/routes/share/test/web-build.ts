import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_PAGE_DATA_ID, type TSharedPageData } from '@promptpair/contract';
import { WEB_MANIFEST_PATH, type WebManifest } from '../../../plugins/page-assets.ts';
import { SHARED_PAGE_SOURCE } from '../shared-page.route.ts';

/** A built index.html as Vite writes it: the entry script, a preload, a title and a description of its own. */
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The generic description." />
    <title>PromptPair: generic</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A build's manifest as Vite writes it: the shared page imports the entry, React and a chunk with its stylesheet. */
export const MANIFEST: WebManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_copy-1.js': { file: 'assets/copy-1.js', imports: ['index.html'], css: ['assets/answer-1.css'] },
  [SHARED_PAGE_SOURCE]: { file: 'assets/shared-chat-page-1.js', imports: ['index.html', '_react-1.js', '_copy-1.js'] },
};

/** A folder holding that build, for a test server's `webRoot`. */
export async function writeWebBuild(): Promise<string> {
  const webRoot = await mkdtemp(join(tmpdir(), 'promptpair-web-'));
  await writeFile(join(webRoot, 'index.html'), INDEX_HTML);
  await mkdir(join(webRoot, '.vite'));
  await writeFile(join(webRoot, WEB_MANIFEST_PATH), JSON.stringify(MANIFEST));
  return webRoot;
}

/** The comparison a shared page carries, read as the browser reads it (the element's text, then JSON); null when it carries none. */
export function embeddedOrNull(html: string): TSharedPageData | null {
  const match = new RegExp(`<script type="application/json" id="${SHARED_PAGE_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as TSharedPageData) : null;
}

/** The content of one meta tag, read the way an unfurling bot does. */
export const metaContent = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** How many of each element a page has: what text must never add to. */
export function tagCounts(html: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of ['html', 'head', 'body', 'title', 'meta', 'script', 'link', 'div']) counts[name] = html.match(new RegExp(`<${name}\\b`, 'gi'))?.length ?? 0;
  return counts;
}
