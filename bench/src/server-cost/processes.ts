// The processes of the server-cost bench: the simulator, the product (compiled, as `npm start`
// runs it) and the floor, each in its own process so each one's CPU and memory are its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const repoFile = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** The product as `npm run build` leaves it and `npm start` serves it. */
export const PRODUCT_ENTRY = repoFile('apps/server/dist/server.js');
const FAKE_CLI = createRequire(import.meta.url).resolve('@promptpair/fake-upstream/cli');

/** The bench reads the product's build and never makes it: `npm run bench` and `npm test` build it first. */
export function requireProductBuild(entry = PRODUCT_ENTRY): string {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  return entry;
}

/** The node flags `npm start` serves with (the root package.json's `serve` script), so the bench runs the product exactly so. */
export function servedNodeArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(repoFile('package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts['serve'] ?? '').split(/\s+/);
  const entry = words.indexOf('apps/server/dist/server.js');
  if (words[0] !== 'node' || entry < 0) throw new Error(`the serve script is not "node [flags] apps/server/dist/server.js": ${scripts['serve']}`);
  return words.slice(1, entry);
}
const FLOOR_SOURCE = fileURLToPath(new URL('./floor-server.ts', import.meta.url));

export interface Fake {
  url: string;
  child: ChildProcess;
}

/** The simulator in its own process at a fixed latency, as a real upstream is. */
export function spawnFake(latencyMs: number): Promise<Fake> {
  const child = spawn(process.execPath, ['--import', 'tsx', FAKE_CLI, '--latency', String(latencyMs), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
}

/** Clears the simulator's record of requests between runs, so its memory does not grow over the bench. */
export async function resetFake(fake: Fake): Promise<void> {
  await httpRequest(`${fake.url}/__fake/reset`, 'POST');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function httpRequest(url: string, method = 'GET', headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const CLOCK_TICKS_PER_S = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU time of a process so far, in µs, from /proc/<pid>/stat. */
export async function cpuMicros(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_S;
}

/** The whole machine's CPU time so far, all cores, in µs: how much of it was busy, out of how much. */
export async function machineCpuMicros(): Promise<{ busy: number; total: number }> {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  // cpu  user nice system idle iowait irq softirq steal …: idle and iowait are the machine waiting.
  const ticks = line!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = ticks[3]! + ticks[4]!;
  return { busy: ((total - idle) * 1e6) / CLOCK_TICKS_PER_S, total: (total * 1e6) / CLOCK_TICKS_PER_S };
}

/**
 * Waits until the processes are idle (under `idleShare` of a core over a `windowMs` window) or
 * `maxMs` passed; answers how long it took. autocannon stops with every connection's request in
 * flight, so a server is still finishing the warm-up's abandoned requests when the measured run opens
 * its own connections; without this wait the measured window would pay for them.
 */
export async function waitUntilIdle(pids: number[], { windowMs = 250, idleShare = 0.05, maxMs = 30_000 } = {}): Promise<number> {
  const startedAt = performance.now();
  const busy = async () => (await Promise.all(pids.map(cpuMicros))).reduce((sum, value) => sum + value, 0);
  let before = await busy();
  while (performance.now() - startedAt < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = await busy();
    if (after - before < windowMs * 1000 * idleShare) break;
    before = after;
  }
  return performance.now() - startedAt;
}

/** A figure of /proc/<pid>/status in kB (VmHWM, VmRSS), in MB. */
async function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The process's peak resident memory so far (VmHWM), in MB. */
export const peakRssMb = (pid: number): Promise<number> => statusMb(pid, 'VmHWM');

/** The process's resident memory now (VmRSS), in MB. */
export const rssMb = (pid: number): Promise<number> => statusMb(pid, 'VmRSS');

export interface Target {
  name: 'product' | 'floor';
  /** One per process; the product may run as several processes on one database. */
  urls: string[];
  pids: number[];
  /** From spawn to the first answered request (of the first process). */
  startupMs: number;
  stop(): Promise<void>;
}

async function waitForAnswer(url: string, child: ChildProcess, startedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      const { status } = await httpRequest(url);
      if (status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function stopper(child: ChildProcess, cleanup: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await cleanup();
  };
}

export interface ProductOptions {
  /** The compiled server to start; `apps/server/dist/server.js` unless told (a kept build under bench/builds, in-turns.ts). */
  entry?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Processes sharing one SQLite file (and the app key generated beside it), each on its own port. */
  processes?: number;
}

/**
 * The compiled product, as `npm start` serves it (same file, same node flags), on the simulator
 * with operator keys: the free cap is raised out of reach (not switched off, so each comparison
 * still claims it) and rate limits are off, since the bench's one visitor sends far more than a
 * person would. Logging stays at its default level.
 */
export async function startProduct(fake: Fake, options: ProductOptions = {}): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-bench-cost-'));
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  let startupMs = 0;
  const stopAll = async () => {
    await Promise.all(children.map((child) => stopper(child, async () => undefined)()));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first one migrates the database and writes the app key.
    for (let index = 0; index < (options.processes ?? 1); index++) {
      const port = await freePort();
      const startedAt = performance.now();
      const child = spawn(process.execPath, [...servedNodeArgs(), ...(options.nodeArgs ?? []), requireProductBuild(options.entry)], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          PATH: process.env['PATH'],
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          OPENAI_API_KEY: 'sk-bench',
          OPENAI_BASE_URL: `${fake.url}/v1`,
          GOOGLE_API_KEY: 'g-bench',
          GOOGLE_BASE_URL: fake.url,
          FREE_PROMPTS: '1000000000',
          FREE_PROMPTS_PER_IP: '1000000000',
          RATE_LIMITS: 'off',
          ...options.env,
        },
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      const took = await waitForAnswer(`${url}/readyz`, child, startedAt);
      if (index === 0) startupMs = took;
      urls.push(url);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { name: 'product', urls, pids: children.map((child) => child.pid ?? 0), startupMs, stop: stopAll };
}

/** The floor, compiled by esbuild like the product so neither carries a TypeScript loader. */
export async function startFloor(fake: Fake, nodeArgs: string[] = []): Promise<Target> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'promptpair-bench-floor-'));
  const outfile = join(dir, 'floor-server.mjs');
  buildSync({ entryPoints: [FLOOR_SOURCE], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, outfile], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env['PATH'], PORT: String(port), OPENAI_BASE_URL: `${fake.url}/v1`, GOOGLE_BASE_URL: fake.url },
  });
  const url = `http://127.0.0.1:${port}`;
  const startupMs = await waitForAnswer(url, child, startedAt);
  return { name: 'floor', urls: [url], pids: [child.pid ?? 0], startupMs, stop: stopper(child, () => rm(dir, { recursive: true, force: true })) };
}
