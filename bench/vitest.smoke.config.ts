import { defineConfig } from 'vitest/config';

// The bench's smoke runs: every section started at tiny levels against the built product, with no
// thresholds. `npm test` runs them after its e2e step has built the product; alone:
// `npm run build && npm run test:bench`.
export default defineConfig({
  test: {
    name: 'bench-smoke',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.smoke.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 30_000,
    // Each file starts servers and measures them: one at a time, so they do not measure each other.
    fileParallelism: false,
  },
});
