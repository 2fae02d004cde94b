import { EnvError, parseEnv } from './config/env.ts';
import { compose, DEFAULT_WEB_ROOT } from './compose.ts';
import { StartupError } from './lib/startup-error.ts';
import { closeGracefully } from './shutdown.ts';

/**
 * Connections the kernel may hold complete but not yet accepted. Node's default (511) overflowed when
 * hundreds of visitors connected at once while the event loop was busy: the kernel then drops their
 * handshakes and each client waits out a retransmit (1 s, then 3 s, 7 s). The kernel caps this at
 * net.core.somaxconn (docs/decisions.md, "Server cost per comparison").
 */
const LISTEN_BACKLOG = 4096;

/** Entry point: validate env, compose, listen, and close gracefully on SIGINT/SIGTERM (shutdown.ts). */
async function main(): Promise<void> {
  const env = parseEnv();
  const composed = await compose(env, { webRoot: DEFAULT_WEB_ROOT });
  const address = await composed.app.listen({ port: env.port, host: env.host, backlog: LISTEN_BACKLOG });
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
  if (error instanceof EnvError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('PromptPair could not start:', error);
  }
  process.exit(1);
});
