import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Measurement } from './report.ts';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** What the first page load downloads: index.html and the scripts and styles it links, gzipped. */
export async function measurePageWeight(): Promise<Measurement[]> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
  let js = 0;
  let css = 0;
  for (const file of linked) {
    const size = gzipSync(await readFile(join(DIST, file))).length;
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  // The .br and .gz beside each asset are the same files, compressed for sending.
  const all = (await readdir(join(DIST, 'assets'))).filter((name) => !/\.(br|gz)$/.test(name));
  return [
    // The budget is 100 KB (100,000 bytes) gzipped: 97 KiB.
    { name: 'initial JS, gzipped', value: Math.round(js / 1024), unit: 'KiB', target: { max: 97 } },
    { name: 'initial CSS, gzipped', value: Math.round(css / 1024), unit: 'KiB', target: { max: 40 } },
    // Entry, runtime, the shared start chunk and one stylesheet: each further file costs the first paint
    // a round trip on Lighthouse's slow 4G (docs/decisions.md, "Page weight and first paint").
    { name: 'initial scripts and stylesheets', value: linked.length, unit: 'files', target: { max: 4 } },
    { name: 'asset files (lazy chunks included)', value: all.length, unit: 'files' },
  ];
}
