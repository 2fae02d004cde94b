import fp from 'fastify-plugin';
import type { BatchRunner } from './batch-runner.ts';

/**
 * Runs the prompt-list worker for as long as the app runs: it resumes unfinished jobs once the
 * app is ready, and on close it aborts calls in flight and records what finished before the
 * database closes (compose.ts closes the app first).
 */
export const batchWorkerPlugin = fp<{ runner: BatchRunner }>(
  (app, { runner }, done) => {
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
    done();
  },
  { name: 'batch-worker' },
);
