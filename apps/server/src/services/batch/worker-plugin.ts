import fp from 'fastify-plugin';
import type { BatchRunner } from './batch-runner.ts';

/**
 * Runs the prompt-list worker for as long as the app runs: it resumes unfinished jobs once the
 * app is ready. Closing hands the runs back at once (preClose, while requests in flight may still
 * be draining): calls in flight are aborted, what finished is recorded and the jobs are released
 * for another instance; onClose waits for that before the database closes (compose.ts).
 */
export const batchWorkerPlugin = fp<{ runner: BatchRunner }>(
  (app, { runner }, done) => {
    let stopping: Promise<void> | undefined;
    app.addHook('onReady', () => runner.start());
    app.addHook('preClose', (hookDone) => {
      stopping = runner.stop();
      hookDone();
    });
    app.addHook('onClose', () => stopping ?? runner.stop());
    done();
  },
  { name: 'batch-worker' },
);
