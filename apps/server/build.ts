// Compiles the server to JavaScript (server.js, and chunks for what is loaded on first use), so
// production runs plain `node` with no TypeScript loader. Our workspace packages (contract,
// simulator) are TypeScript sources and are bundled in; every package from the registry stays
// external and is loaded from node_modules as usual.
import { readFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';

const OWN_PACKAGE = /^@promptpair\//;

const externalRegistryPackages: Plugin = {
  name: 'external-registry-packages',
  setup(pluginBuild) {
    // Bare specifiers (`fastify`, `node:fs`, `openai/resources/...`) that are not ours.
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (OWN_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
await build({
  absWorkingDir: import.meta.dirname,
  // The WAL checkpointer's thread is a module of its own, loaded from beside the code that starts
  // it: that code is in server.js, so the worker goes next to it (db/wal-checkpointer.ts).
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/db/wal-checkpoint-worker.ts', out: 'wal-checkpoint-worker' },
  ],
  outdir: 'dist',
  // What the server loads only when first needed (the shared page's Markdown renderer) goes in a
  // chunk of its own, so its packages are not loaded at start with the rest (services/answer-html.ts).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // dist/ sits at the same depth as src/, so paths built from import.meta.url (the web app's
  // dist folder) resolve the same from the bundle as from the sources.
  plugins: [externalRegistryPackages],
  logLevel: 'warning',
});
if (!readFileSync(`${import.meta.dirname}/dist/server.js`, 'utf8').includes('./wal-checkpoint-worker.js')) {
  throw new Error('dist/server.js no longer starts the WAL checkpointer from beside itself: emit the worker where its code now is');
}
console.log(`server compiled to apps/server/dist/server.js in ${Math.round(performance.now() - started)} ms`);
