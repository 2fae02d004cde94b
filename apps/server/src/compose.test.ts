import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, describeUpstreamError, namesItsKindsMaker, SPEC_PAIR, type TComparisonResponse, type TSession } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { compose } from './compose.ts';
import { parseEnv } from './config/env.ts';
import { TestClient } from './test/test-client.ts';

async function serve(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-compose-'));
  const composed = await compose(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), { logger: false });
  const url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    composed,
    client: new TestClient(url),
    close: async () => {
      await composed.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('composition', () => {
  it('runs in demo mode on a fresh machine: the simulator answers both columns', async () => {
    const { composed, client, close } = await serve({});
    try {
      expect(composed.demo).not.toBeNull();
      expect((await client.get<TSession>(API_ROUTES.session)).body.demoMode).toBe(true);
      const { status, body } = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'Demo?' });
      expect(status).toBe(200);
      expect(body.chatGPT.message).toMatch(/simulated/i);
      expect(body.palmAPI.message).toMatch(/simulated/i);
      // Blind mode works in the demo: neither answer names its service, and they differ.
      expect(namesItsKindsMaker(SPEC_PAIR.a.kind, body.chatGPT.message)).toBe(false);
      expect(namesItsKindsMaker(SPEC_PAIR.b.kind, body.palmAPI.message)).toBe(false);
      expect(body.chatGPT.message).not.toBe(body.palmAPI.message);
      // A demo server runs for months: its simulator must not keep every prompt it was sent.
      expect(composed.demo?.requests).toEqual([]);
    } finally {
      await close();
    }
  });

  it('tells the visitor when a service has no server key and they gave none', async () => {
    const { client, close } = await serve({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    try {
      const { body } = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'Hi' });
      expect(body.palmAPI.errorMsg).toBe(describeUpstreamError('palmAPI', 'upstream_no_key'));
    } finally {
      await close();
    }
  });

  it('keeps the database across restarts (migrations run once)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-restart-'));
    try {
      for (let run = 0; run < 2; run++) {
        const composed = await compose(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
        await composed.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
