// A real server process for the crash test: `node --import tsx child-server.ts` with DATA_DIR and
// the fake upstream's URLs in the environment. Prints "LISTENING <url>" once it serves.
import { compose } from '../../../compose.ts';
import { parseEnv } from '../../../config/env.ts';

const composed = await compose(parseEnv({ ...process.env, LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }), { logger: false });
const url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${url}\n`);

process.once('SIGTERM', () => {
  void composed.close().then(() => process.exit(0));
});
