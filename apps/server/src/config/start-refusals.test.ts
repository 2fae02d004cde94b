import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { spawnServer } from '../test/spawn-server.ts';

it('stops the start of the real server with one plain message for TRUST_PROXY=true and a short APP_KEY, and no stack', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-refused-'));
  try {
    const started = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true', APP_KEY: 'a-short-secret' });
    const failure = await started.then(
      (server) => {
        server.child.kill();
        throw new Error('the server started');
      },
      (error: unknown) => (error as Error).message,
    );
    expect(failure).toContain('ended (1) before listening');
    expect(failure).toContain('Invalid configuration:\n  - APP_KEY: is too short');
    expect(failure).toContain('make one with `openssl rand -hex 32`');
    expect(failure).toContain('  - TRUST_PROXY: true trusts the X-Forwarded-For of any client');
    expect(failure).not.toMatch(/\n\s+at /);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
