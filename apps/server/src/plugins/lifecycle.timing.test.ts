import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose } from '../compose.ts';
import { parseEnv } from '../config/env.ts';

// Closing against the clock. Without the drain, Node keeps a connection that never sent a byte
// until its headers timeout (60 s), so a bound of seconds leaves a loaded machine room.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-closing-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('closing', () => {
  it('closes at once a connection that never sent a byte, instead of waiting for it', async () => {
    const env = parseEnv({ DATA_DIR: dataDir, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', GOOGLE_BASE_URL: 'http://127.0.0.1:9' });
    const own = await compose(env, { logger: false });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = own.app.server.address() as AddressInfo;
    const silent = connect(port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const closed = new Promise((resolve) => silent.once('close', resolve));
    const started = performance.now();
    await own.close();
    await closed;
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
