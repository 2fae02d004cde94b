import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { API_ROUTES, PROBE_MESSAGES, PROBE_ROUTES } from '@promptpair/contract';
import { startFakeUpstream, type FakeUpstream } from '@promptpair/fake-upstream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from './test/spawn-server.ts';

// SIGTERM to a real server process (src/server.ts) with comparisons in flight against a slow simulator.

let fake: FakeUpstream;
let dataDir: string;
const started: ServerProcess[] = [];
beforeAll(async () => {
  // Long enough that a loaded machine has taken the signal in before the first answer is due.
  fake = await startFakeUpstream({ latencyMs: 5000 });
  dataDir = await mkdtemp(join(tmpdir(), 'promptpair-shutdown-'));
});
afterAll(async () => {
  for (const server of started) server.child.kill('SIGKILL');
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'sk-operator',
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    GOOGLE_API_KEY: 'g-operator',
    GOOGLE_BASE_URL: fake.googleBaseUrl,
    ...env,
  });
  started.push(server);
  const exitedAt = server.exited.then((how) => ({ how, at: Date.now() }));
  return { ...server, port: Number(new URL(server.url).port), exitedAt };
}

/** A comparison over a keep-alive connection that the client would happily keep open for ever. */
function compare(port: number, agent: Agent, i: number): Promise<{ status: number; at: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ prompt: `in flight ${i}` });
    const req = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: API_ROUTES.getChatData, agent, headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.50.0.${i}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, at: Date.now(), connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const generationCalls = () => fake.requests.filter((request) => request.method === 'POST').length;

async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await sleep(10);
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Reads what the server sends on a raw socket until it closes it. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });
}

describe('SIGTERM', () => {
  it('answers the 30 comparisons in flight, refuses new connections and exits 0 right after the last answer', { timeout: 60_000 }, async () => {
    const server = await start();
    fake.reset();
    const agent = new Agent({ keepAlive: true });
    // A slow client that has begun a request (headers half sent) before the signal.
    const slow = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(`GET ${PROBE_ROUTES.readyz} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    const slowAnswer = readAll(slow);

    const inFlight = Array.from({ length: 30 }, (_, i) => compare(server.port, agent, i));
    await waitUntil(() => generationCalls() >= 60, 'all 30 comparisons reach the simulator');
    server.child.kill('SIGTERM');
    await waitUntil(() => refusesConnections(server.port), 'the port refuses new connections');

    // The slow client finishes its request now: readiness says the server is going away.
    slow.write('\r\n');
    const raw = await slowAnswer;
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ message: PROBE_MESSAGES.shuttingDown, code: 'shutting_down' });

    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect(answers.every((answer) => answer.connection === 'close')).toBe(true);
    const { how, at } = await server.exitedAt;
    expect(how).toBe('0');
    const lastAnswer = Math.max(...answers.map((answer) => answer.at));
    // Right after: not at the end of the 25 s grace, nor when the keep-alive connections time out.
    expect(at - lastAnswer).toBeLessThan(3000);
    agent.destroy();
  });

  it('cuts what still runs when SHUTDOWN_GRACE_MS is over, and exits 0', { timeout: 60_000 }, async () => {
    const server = await start({ SHUTDOWN_GRACE_MS: '1000' });
    fake.reset();
    fake.script('openai', { hang: true });
    const agent = new Agent({ keepAlive: true });
    const hanging = compare(server.port, agent, 99).then(
      () => 'answered',
      () => 'cut',
    );
    await waitUntil(() => generationCalls() >= 2, 'the comparison reaches the simulator');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await hanging).toBe('cut');
    const { how, at } = await server.exitedAt;
    expect(how).toBe('0');
    expect(at - signalledAt).toBeGreaterThanOrEqual(1000);
    expect(at - signalledAt).toBeLessThan(5000);
    agent.destroy();
  });
});
