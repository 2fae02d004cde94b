import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { precompress } from './precompress.ts';

let outDir = '';
afterEach(() => rm(outDir, { recursive: true, force: true }));

/** Runs the plugin's hooks as Vite's build would, over files written to a temporary dist folder. */
async function build(files: Record<string, string>) {
  outDir = await mkdtemp(join(tmpdir(), 'promptpair-precompress-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(outDir, name, '..'), { recursive: true });
    await writeFile(join(outDir, name), content);
  }
  const plugin = precompress() as unknown as {
    configResolved(config: Pick<ResolvedConfig, 'root' | 'build'>): void;
    writeBundle(options: unknown, bundle: Record<string, unknown>): Promise<void>;
  };
  plugin.configResolved({ root: outDir, build: { outDir: '.' } as ResolvedConfig['build'] });
  await plugin.writeBundle({}, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
}

describe('precompressing the build', () => {
  it('writes brotli and gzip beside each text asset worth it, and leaves small files and build metadata alone', async () => {
    const script = 'console.log("PromptPair");\n'.repeat(100);
    const manifest = JSON.stringify({ 'index.html': { file: 'assets/index.js', css: ['assets/index.css'], padding: 'x'.repeat(2000) } });
    await build({ 'assets/index.js': script, 'assets/small.css': 'a{}', 'assets/logo.png': 'x'.repeat(4000), '.vite/manifest.json': manifest });
    expect(brotliDecompressSync(await readFile(join(outDir, 'assets/index.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(outDir, 'assets/index.js.gz'))).toString()).toBe(script);
    expect((await readdir(join(outDir, 'assets'))).sort()).toEqual(['index.js', 'index.js.br', 'index.js.gz', 'logo.png', 'small.css']);
    expect(await readdir(join(outDir, '.vite'))).toEqual(['manifest.json']);
  });
});
