// What the conversation tests share: a server with an OpenAI-compatible service beside the built-in
// ones, a few turns and free prompts so the limits are reached quickly, and reading what the
// simulator was sent.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, type TApiError, type TPairResponse, type TServiceResult } from '@promptpair/contract';
import type { FakeUpstream } from '@promptpair/fake-upstream';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { TestClient } from './test-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export const ROUTER_MODEL = 'meta-llama/llama-3.3-70b-instruct';
/** The limits the server runs with: three turns, 3,000 characters a side, four free prompts a visitor. */
export const CONVERSATION_TEST_LIMITS = { maxTurns: 3, maxHistoryChars: 3000, freePrompts: 4 } as const;

/** `env` adds to the server's variables (e.g. another server's DATA_DIR); `logStream` receives its log lines. */
export async function startConversationServer(options: { env?: Record<string, string>; logStream?: NodeJS.WritableStream; fake?: FakeUpstream } = {}): Promise<TestServer> {
  const simulator = options.fake ?? (await (await import('@promptpair/fake-upstream')).startFakeUpstream());
  const file = join(mkdtempSync(join(tmpdir(), 'promptpair-conversation-')), 'services.json');
  writeFileSync(file, JSON.stringify([{ id: 'router', name: 'Model Router', baseUrl: simulator.compatBaseUrl('router'), apiKeyEnv: 'ROUTER_KEY', models: [ROUTER_MODEL] }]));
  return startTestServer(
    {
      ANTHROPIC_API_KEY: 'sk-ant-operator-0003', ANTHROPIC_BASE_URL: simulator.anthropicBaseUrl, SERVICES_FILE: file, ROUTER_KEY: 'rk-operator-0004', RATE_LIMITS: 'off',
      FREE_PROMPTS: String(CONVERSATION_TEST_LIMITS.freePrompts), FREE_PROMPTS_PER_IP: '0',
      CONVERSATION_MAX_TURNS: String(CONVERSATION_TEST_LIMITS.maxTurns), CONVERSATION_MAX_CHARS: String(CONVERSATION_TEST_LIMITS.maxHistoryChars),
      ...options.env,
    },
    { fake: simulator, ...(options.logStream ? { logStream: options.logStream } : {}) },
  );
}

/** Starts the server for a test file and stops it after it; what the simulator recorded is cleared before each test. */
export function useConversationServer(): { server: TestServer } {
  const running = {} as { server: TestServer };
  beforeAll(async () => {
    running.server = await startConversationServer();
  });
  afterAll(async () => {
    await running.server.close();
    await running.server.fake.close();
  });
  beforeEach(() => running.server.fake.reset());
  return running;
}

export type Answer = TPairResponse & TApiError;
export const sendTurn = (client: TestClient, body: unknown) => client.post<Answer>(API_ROUTES.getChatData, body);

/** The bodies of the generation calls a simulated service received, oldest first. */
export const callsTo = (server: TestServer, service: string, path: RegExp = /./) =>
  server.fake.requests.filter((r) => r.service === service && r.method === 'POST' && path.test(r.path)).map((r) => r.body);

/** A side's answer, which must not have failed. */
export const messageOf = (result: TServiceResult) => {
  expect(result.errorMsg).toBeNull();
  return result.message!;
};
