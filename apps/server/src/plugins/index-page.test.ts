import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MODE_META } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIndexPage } from './index-page.ts';

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'promptpair-index-'));
  await writeFile(join(webRoot, 'index.html'), '<html><head><title>PromptPair</title></head><body><div id="root"></div></body></html>');
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

describe('index page', () => {
  it('tells the page it is in demo mode before any script runs', async () => {
    const html = await createIndexPage(webRoot, { demoMode: true }).html();
    expect(html).toContain(`<meta name="${DEMO_MODE_META}" content="true" />`);
    expect(html.indexOf(DEMO_MODE_META)).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps a built page that holds replacement patterns as built, the demo meta added', async () => {
    const built = '<html><head><script>const s = "$& $` $\' $$ $1 $<x>";</script></head><body></body></html>';
    const root = await mkdtemp(join(tmpdir(), 'promptpair-index-'));
    try {
      await writeFile(join(root, 'index.html'), built);
      expect(await createIndexPage(root, { demoMode: true }).html()).toBe(built.replace('</head>', () => `  <meta name="${DEMO_MODE_META}" content="true" />\n  </head>`));
      expect(await createIndexPage(root, { demoMode: false }).html()).toBe(built);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('serves the built file unchanged otherwise', async () => {
    expect(await createIndexPage(webRoot, { demoMode: false }).html()).not.toContain(DEMO_MODE_META);
  });
});
