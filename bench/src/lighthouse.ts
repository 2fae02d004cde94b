import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES, PROBE_ROUTES, ZComparisonResponse, ZShareResponse } from '@promptpair/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { percentile, type Measurement } from './report.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The flags Chromium needs on this kind of machine: headless, no sandbox, no background traffic. */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Lighthouse moves by several points between runs on a loaded machine: each page is the median of this many. */
const RUNS_PER_PAGE = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The built product as `npm start` serves it (compiled server, built web app), in demo mode on a fresh data folder. */
async function startProduct(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'promptpair-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // Demo mode, whatever this shell has configured: the page a fresh `npm start` shows.
  for (const key of ['OPENAI_API_KEY', 'GOOGLE_API_KEY', 'GEMINI_API_KEY', 'OPENAI_BASE_URL', 'GOOGLE_BASE_URL', 'DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL']) delete env[key];
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 100) {
    if (server.exitCode !== null) throw new Error('the server exited at start; run `npm run build` first');
    const ready = await fetch(url + PROBE_ROUTES.readyz).then((r) => r.ok, () => false);
    if (ready) return { url, stop };
    if (waited > 30_000) {
      await stop();
      throw new Error('the server did not become ready within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One comparison by one visitor, shared: the address of a real shared page. */
async function shareOneComparison(url: string): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const compared = await post(API_ROUTES.getChatData, { prompt: 'Name three things to pack for a day of hiking, and say why.' });
  if (!compared.ok) throw new Error(`the comparison failed with ${compared.status}`);
  const cookie = compared.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { logId } = ZComparisonResponse.parse(await compared.json());
  const shared = await post(API_ROUTES.shareLink, { logId }, cookie);
  if (!shared.ok) throw new Error(`sharing failed with ${shared.status}`);
  return ZShareResponse.parse(await shared.json()).url;
}

interface PageScores {
  performance: number;
  accessibility: number;
  lcpMs: number;
}

/**
 * One Lighthouse run with its default config (mobile emulation, simulated throttling), performance
 * and accessibility only, in a fresh browser: a second trace recorded in one Chromium session now
 * and then loses its start (NO_NAVSTART), and Lighthouse's advice then is to run again.
 */
async function audit(url: string, keepReportAs?: string): Promise<PageScores> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    try {
      const lhr = (await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' }))?.lhr;
      if (lhr && !lhr.runtimeError) {
        if (keepReportAs) await writeFile(keepReportAs, JSON.stringify(lhr));
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        return { performance: score('performance'), accessibility: score('accessibility'), lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN };
      }
      if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Lighthouse on `/` and on a shared comparison: the page budgets a visitor on a phone meets. With
 * `reportsDir`, each run's whole report is kept there (`<page>-<run>.json`, openable in the
 * Lighthouse viewer) to read what the largest paint waited on.
 */
export async function measureLighthouse({ reportsDir }: { reportsDir?: string } = {}): Promise<Measurement[]> {
  if (reportsDir) await mkdir(reportsDir, { recursive: true });
  const product = await startProduct();
  try {
    const pages: [string, string, string][] = [
      ['/', 'home', product.url + '/'],
      ['shared page', 'shared', await shareOneComparison(product.url)],
    ];
    const measured: Measurement[] = [];
    for (const [name, file, url] of pages) {
      const runs: PageScores[] = [];
      for (let i = 0; i < RUNS_PER_PAGE; i++) runs.push(await audit(url, reportsDir && join(reportsDir, `${file}-${i + 1}.json`)));
      const median = (pick: (s: PageScores) => number) => percentile(runs.map(pick), 50);
      measured.push(
        { name: `${name}: performance (mobile, median of ${RUNS_PER_PAGE})`, value: median((s) => s.performance), unit: 'points', target: { min: 90 } },
        { name: `${name}: accessibility`, value: median((s) => s.accessibility), unit: 'points', target: { min: 100 } },
        { name: `${name}: largest contentful paint (simulated phone)`, value: Math.round(median((s) => s.lcpMs)), unit: 'ms' },
      );
    }
    return measured;
  } finally {
    await product.stop();
  }
}
