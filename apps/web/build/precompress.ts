import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text assets worth compressing; smaller files gain less than the response headers cost. */
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
const MIN_BYTES = 1024;
/** Vite's build metadata (`.vite/manifest.json`): read by the server from disk, never sent. */
const BUILD_METADATA = /^\.vite\//;

/**
 * Writes `file.br` and `file.gz` beside each built text asset, compressed once at the highest
 * levels, so the server sends them as they are (`@fastify/static` with `preCompressed`) instead
 * of spending CPU on every request or, as before, sending the page's scripts uncompressed.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'promptpair:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !BUILD_METADATA.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
