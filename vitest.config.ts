import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      { test: { name: 'answer-markdown', root: 'packages/answer-markdown', environment: 'node' } },
      { test: { name: 'fake-upstream', root: 'tools/fake-upstream', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      { test: { name: 'bench', root: 'bench', environment: 'node', testTimeout: 60_000 } },
      'apps/web/vite.config.ts',
    ],
  },
});
