import { BATCH_LIMITS, BATCH_MESSAGES, batchCancelPath, type TBatchJob } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe, upload } from '../../services/batch/test/batch-fixtures.ts';
import type { TestClient } from '../../test/test-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  client = await subscribe(server.client({ browser: true }), 'upload@example.com');
});
afterAll(() => server.close());

describe('POST /api/batch with a bad file', () => {
  const cases = [
    { filename: 'list.csv', content: 'id,text\n1,hello\n', problem: 'Line 1: the header has no "prompt" column (found "id", "text").' },
    { filename: 'list.csv', content: 'prompt,tag\nfine,a\nnot fine, with, commas\n', problem: 'Line 3: the row has 3 fields but the header has 2; quote a field that holds a comma.' },
    { filename: 'list.jsonl', content: '{"prompt": "ok"}\n{"prompt": "broken"\n', problem: /^Line 2: not valid JSON \(.+\)\.$/ },
    { filename: 'list.jsonl', content: '{"prompt": "ok"}\n\n{"text": "no prompt"}\n', problem: 'Line 3: expected an object with a "prompt" text field, such as {"prompt": "Hello"}.' },
    { filename: 'list.csv', content: 'prompt\nfirst\n"  "\n', problem: 'Line 3: the prompt is empty.' },
    { filename: 'list.txt', content: `short\n${'x'.repeat(32_001)}\n`, problem: 'Line 2: the prompt has 32,001 characters; at most 32,000 are allowed.' },
    { filename: 'list.pdf', content: 'hello', problem: 'The file must end in .txt, .csv, .jsonl (got "list.pdf").' },
    { filename: 'empty.txt', content: '\n  \n', problem: 'The file holds no prompts.' },
  ];
  for (const { filename, content, problem } of cases) {
    it(`names the line and the problem: ${typeof problem === 'string' ? problem : filename}`, async () => {
      const { status, body } = await upload(client, { filename, content });
      expect(status).toBe(422);
      expect(body.message).toMatch(problem);
      expect(body.errors?.content?.[0]).toMatch(problem);
    });
  }

  it('lists up to ten problems, each with its line', async () => {
    const content = Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? `{"prompt": "p${i}"}` : `{"nope": ${i}}`)).join('\n');
    const { body } = await upload(client, { filename: 'many.jsonl', content });
    expect(body.errors?.content).toHaveLength(7);
    expect(body.errors?.content?.map((p) => p.slice(0, p.indexOf(':')))).toEqual(['Line 2', 'Line 4', 'Line 6', 'Line 8', 'Line 10', 'Line 12', 'Line 14']);
  });

  it('refuses 10,001 prompts and accepts 10,000', async () => {
    const lines = Array.from({ length: BATCH_LIMITS.maxPrompts + 1 }, (_, i) => `Prompt number ${i + 1}`);
    const tooMany = await upload(client, { filename: 'big.txt', content: lines.join('\n') });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('The file holds 10,001 prompts; at most 10,000 are allowed. Split it into smaller lists.');

    const enough = await upload(client, { filename: 'big.txt', content: lines.slice(0, -1).join('\n') });
    expect(enough.status).toBe(201);
    expect(enough.body.total).toBe(10_000);
    await client.post<TBatchJob>(`/api/batch/${enough.body.id}/cancel`);
  });

  it('starts one run when the same visitor uploads several lists at once; the others get 409', async () => {
    const racer = await subscribe(server.client({ browser: true }), 'racer@example.com');
    // The first calls are slow, so the run that starts is still running when the last upload arrives.
    server.fake.script('openai', { latencyMs: 5000 }, 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(racer, { filename: `race-${i}.txt`, content: 'one\ntwo\n' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toMatchObject({ message: BATCH_MESSAGES.alreadyRunning, code: 'conflict' });
    await racer.post(batchCancelPath(answers.find((a) => a.status === 201)?.body.id ?? ''));
    server.fake.reset();
  });

  it('takes a body larger than the app-wide 1 MiB on this route only', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `${i} ${'long prompt text '.repeat(40)}`);
    const { status, body } = await upload(client, { filename: 'wide.txt', content: lines.join('\n') });
    expect(JSON.stringify({ content: lines.join('\n') }).length).toBeGreaterThan(1_048_576);
    expect(status).toBe(201);
    await client.post(`/api/batch/${body.id}/cancel`);
  });
});
