import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROBE_ROUTES } from '@promptpair/contract';
import { expect, test } from '../fixtures/test.ts';
import { copiedFromContext, dockerCommand, packagesImportedBy, REPO_ROOT } from '../fixtures/dockerfile.ts';

// The production artefact the image runs (`npm run build`: apps/server/dist/server.js and
// apps/web/dist), started exactly as the Dockerfile's CMD starts it, with plain node.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the image's command (its first word is `node`) from the repository root, as from the image's WORKDIR. */
function runDockerCommand(command: string[], env: Record<string, string>): ChildProcess {
  const [program, ...args] = command;
  expect(program).toBe('node');
  return spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

test.describe('the production artefact', () => {
  test('starts with the image’s CMD and serves probes and the pages (the legal ones with the operator’s FREE_PROMPTS); its HEALTHCHECK passes, then fails once it stopped', async ({ page }) => {
    test.setTimeout(60_000);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'promptpair-artefact-'));
    // An operator's own FREE_PROMPTS (not the default 5), which the legal pages must state.
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FREE_PROMPTS: '7' };
    const server = runDockerCommand(dockerCommand('CMD'), env);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(() => fetch(`${base}${PROBE_ROUTES.healthz}`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
      expect(await (await fetch(`${base}${PROBE_ROUTES.healthz}`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${base}${PROBE_ROUTES.readyz}`)).status).toBe(200);

      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${base}${script}`)).status).toBe(200);
      await page.goto(base);
      await expect(page).toHaveTitle(/PromptPair/);
      await expect(page.getByRole('button', { name: /submit/i })).toBeVisible();
      await page.goto(`${base}/terms-and-conditions`);
      await expect(page.getByText('The first 7 prompts run on our API keys.')).toBeVisible();
      await page.goto(`${base}/privacy-policy`);
      await expect(page.getByText('The first 7 prompts use our API keys; after that, yours.')).toBeVisible();

      const healthcheck = dockerCommand('HEALTHCHECK');
      const probe = (probeEnv: Record<string, string>) => spawnSync(process.execPath, healthcheck.slice(1), { env: { ...process.env, ...probeEnv }, timeout: 10_000 }).status;
      expect(probe(env)).toBe(0);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(probe(env)).toBe(1);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('needs only the server’s production dependencies, which the image installs', () => {
    const manifest = JSON.parse(readFileSync(`${REPO_ROOT}apps/server/package.json`, 'utf8')) as { dependencies: Record<string, string> };
    const imported = packagesImportedBy(`${REPO_ROOT}apps/server/dist`);
    // Those loaded only when needed count too: PostgreSQL, Redis, mail, the shared page's renderer.
    expect(imported).toEqual(expect.arrayContaining(['fastify', 'pg', 'ioredis', 'nodemailer', 'react-markdown']));
    expect(imported.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  test('the Dockerfile copies every workspace manifest, so `npm ci` sees the whole lockfile', () => {
    const root = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { workspaces: string[] };
    const manifests = root.workspaces.flatMap((pattern) =>
      pattern.endsWith('/*') ? readdirSync(`${REPO_ROOT}${pattern.slice(0, -2)}`).map((name) => `${pattern.slice(0, -1)}${name}`) : [pattern],
    );
    const copied = copiedFromContext();
    for (const workspace of manifests.filter((dir) => existsSync(`${REPO_ROOT}${dir}/package.json`))) expect(copied).toContain(`${workspace}/package.json`);
    for (const path of copied.filter((entry) => entry !== '.')) expect(existsSync(`${REPO_ROOT}${path}`), path).toBe(true);
  });
});
