import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { purgeBootstrap } from './build/purge-bootstrap.ts';
import { startChunk } from './build/start-chunk.ts';
import { themeBoot } from './build/theme-boot.ts';

// The server serves dist/ in production; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), themeBoot(), purgeBootstrap(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // dist/.vite/manifest.json: which files each lazily loaded page needs, so the server can preload
    // a page's code with its HTML (the shared page) instead of after the entry has run.
    manifest: true,
    // The contract has no import-time side effects, but its schema modules build zod schemas at
    // module level, which a bundler must otherwise keep. Saying so lets the page's bundle drop the
    // schema modules it does not import from (and zod with them, about 22 KB gzipped).
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
      // One file for what the entry shares with lazy chunks (build/start-chunk.ts).
      output: { codeSplitting: { groups: [startChunk] } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/log-details': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A page rendered in jsdom and typed into key by key takes up to 20 s on a loaded machine; the
    // default 5 s cut such tests off there. Nothing here asserts elapsed time.
    testTimeout: 60_000,
  },
});
