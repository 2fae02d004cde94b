import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_MODE_META } from '@promptpair/contract';

export interface IndexPage {
  /** The SPA's index.html as this server serves it. */
  html(): Promise<string>;
}

/**
 * The built index.html, cached and read again only when it changes (a rebuild under a running server
 * must not leave pages pointing at deleted assets). In demo mode it carries a meta tag, so the page
 * shows the demo banner from its first paint instead of pushing the form down when the session answers.
 */
export function createIndexPage(webRoot: string, options: { demoMode: boolean }): IndexPage {
  const file = join(webRoot, 'index.html');
  const demoMeta = options.demoMode ? `<meta name="${DEMO_MODE_META}" content="true" />` : '';
  let cached: { mtimeMs: number; html: string } | undefined;
  return {
    async html() {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const built = await readFile(file, 'utf8');
        cached = { mtimeMs, html: demoMeta ? built.replace('</head>', `  ${demoMeta}\n  </head>`) : built };
      }
      return cached.html;
    },
  };
}
