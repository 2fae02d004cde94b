import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { API_ROUTES, BATCH_ROUTES, serviceKeyPath, type TBatchJob } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composed } from './compose.ts';
import { parseEnv } from './config/env.ts';
import { waitForJob } from './services/batch/test/batch-fixtures.ts';
import { TestClient } from './test/test-client.ts';

/** Every key the server handles: the operators', a visitor's typed ones, a subscriber's saved ones. */
const KEYS = {
  operatorOpenai: 'sk-operator-wrong-key-0000aaaa',
  operatorGoogle: 'AIza-operator-right-key-1111bbbb',
  visitorOpenai: 'sk-visitor-typed-key-2222cccc',
  visitorGoogle: 'AIza-visitor-typed-key-3333dddd',
  savedOpenai: 'sk-subscriber-saved-key-4444eeee',
  savedGoogle: 'AIza-subscriber-saved-key-5555ffff',
  savedClaude: 'sk-ant-subscriber-saved-key-6666abab',
  refusedClaude: 'sk-ant-subscriber-refused-key-7777cdcd',
};

let fake: FakeUpstream;
let composed: Composed;
let dataDir: string;
let url: string;
const lines: string[] = [];

beforeAll(async () => {
  // The operator's OpenAI key and the visitor's typed keys are refused, so failures get logged too.
  fake = await startFakeUpstream({ validKeys: [KEYS.operatorGoogle, KEYS.savedOpenai, KEYS.savedGoogle, KEYS.savedClaude] });
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-logs-'));
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const env = parseEnv({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: KEYS.operatorOpenai,
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    GOOGLE_API_KEY: KEYS.operatorGoogle,
    GOOGLE_BASE_URL: fake.googleBaseUrl,
    ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
  });
  composed = await compose(env, { logger: { level: 'trace', stream } });
  url = await composed.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await composed.close();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server log', () => {
  it('holds no API key, whoever it belongs to, at the most verbose level', async () => {
    const visitor = new TestClient(url, { browser: true });
    await visitor.get(API_ROUTES.listModelsChatgpt);
    await visitor.request(
      'POST',
      API_ROUTES.getChatData,
      { prompt: 'Typed keys', chatGPT: { apiKey: KEYS.visitorOpenai }, bardAPI: { apiKey: KEYS.visitorGoogle } },
      { authorization: `Bearer ${KEYS.visitorOpenai}`, 'x-goog-api-key': KEYS.visitorGoogle },
    );
    expect((await visitor.post(API_ROUTES.key, { chatgpt_key: KEYS.savedOpenai, palmapi_key: KEYS.savedGoogle, email: 'logs@example.com' })).status).toBe(200);
    await visitor.get(API_ROUTES.getApiKey);
    expect((await visitor.post(API_ROUTES.getChatData, { prompt: 'Saved keys' })).status).toBe(200);
    const run = await visitor.post<TBatchJob>(BATCH_ROUTES.upload, { filename: 'list.txt', content: 'one\ntwo\n' });
    await waitForJob(visitor, run.body.id);
    // A key per service: one refused by its service, one saved and used by a comparison and a run.
    expect((await visitor.request('PUT', serviceKeyPath('claude'), { key: KEYS.refusedClaude })).status).toBe(422);
    expect((await visitor.request('PUT', serviceKeyPath('claude'), { key: KEYS.savedClaude })).status).toBe(200);
    const sides = { a: { service: 'claude' }, b: { service: 'palm' } };
    expect((await visitor.post(API_ROUTES.getChatData, { prompt: 'Saved Claude key', sides })).status).toBe(200);
    const claudeRun = await visitor.post<TBatchJob>(BATCH_ROUTES.upload, { filename: 'claude.txt', content: 'one\ntwo\n', sides });
    expect(claudeRun.status).toBe(201);
    expect(await waitForJob(visitor, claudeRun.body.id)).toMatchObject({ status: 'completed', done: 2 });

    expect(lines.some((line) => line.includes('model list unavailable'))).toBe(true);
    expect(lines.some((line) => line.includes('upstream call failed'))).toBe(true);
    const log = lines.join('\n');
    for (const key of Object.values(KEYS)) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(-12));
    }
  });
});
