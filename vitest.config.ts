import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests whose outcome depends on the wall clock (elapsed-time bounds, paced streams, timeouts)
// live in `*.timing.test.ts` beside the code and run in the `timing` project, after every other
// project and one file at a time, so a loaded machine does not starve them. The bench's smoke runs
// (`*.smoke.test.ts`) read the built product and run apart (bench/vitest.smoke.config.ts).
const TIMING = '**/*.timing.test.ts';
const SMOKE = '**/*.smoke.test.ts';
const unit = { exclude: [...configDefaults.exclude, TIMING, SMOKE] };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on two cores, one file at a time, and
    // files spend much of their time waiting on servers they started. One worker per core.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', ...unit } },
      { test: { name: 'answer-markdown', root: 'packages/answer-markdown', environment: 'node', ...unit } },
      { test: { name: 'fake-upstream', root: 'tools/fake-upstream', environment: 'node', ...unit } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
          ...unit,
        },
      },
      { test: { name: 'bench', root: 'bench', environment: 'node', ...unit } },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'timing',
          environment: 'node',
          include: [`apps/server/src/${TIMING}`, `tools/fake-upstream/src/${TIMING}`],
          testTimeout: 60_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
    ],
  },
});
