import { EnvError, parseEnv } from './config/env.ts';
import { compose, DEFAULT_WEB_ROOT } from './compose.ts';
import { closeGracefully } from './shutdown.ts';

/** Entry point: validate env, compose, listen, and close gracefully on SIGINT/SIGTERM (shutdown.ts). */
async function main(): Promise<void> {
  const env = parseEnv();
  const composed = await compose(env, { webRoot: DEFAULT_WEB_ROOT });
  const address = await composed.app.listen({ port: env.port, host: env.host });
  composed.app.log.info(`PromptPair is serving ${address.replace('0.0.0.0', 'localhost')}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    composed.app.log.info(`${signal} received, closing (grace ${env.shutdownGraceMs} ms)`);
    closeGracefully(composed, env.shutdownGraceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        composed.app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('PromptPair could not start:', error);
  }
  process.exit(1);
});
