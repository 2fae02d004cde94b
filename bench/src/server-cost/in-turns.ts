// Builds of the product (or one build with different node flags) measured in turns: each run a
// fresh process on the same simulator, the variants alternating round by round. How fast this
// machine reads moves by the hour by more than most changes are worth, so a change is judged
// against what it replaces in the same hour, side by side, never against a figure from another
// run (bench/NOTEBOOK.md measures most of its entries this way).
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from '../report.ts';
import type { ComparisonForm } from './load.ts';
import { PRODUCT_ENTRY, spawnFake, startFloor, startProduct } from './processes.ts';
import { runTarget, type TargetRun } from './server-cost.ts';

const repoPath = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
/** Kept builds live with the bench, never beside the product's own. */
export const BUILDS_DIR = fileURLToPath(new URL('../../builds', import.meta.url));

/** The build `npm run build` leaves; every other build is a copy kept under bench/builds. */
export const CURRENT = 'current';
/** Not a build: the bench's bare node:http server (floor-server.ts), so a ratio to it is read in the same hour. */
export const FLOOR = 'floor';

const BUILD_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/**
 * Where a build lives: `current` is apps/server/dist; a kept one is bench/builds/<name>, laid out
 * as the repository is (`apps/server/dist` inside it, `apps/web` and any `apps/server/node_modules`
 * linked to the real ones), so the paths the build resolves from its own place (the page's
 * build, its packages) lead where the served product's do.
 */
export function buildDir(name: string): string {
  if (name === CURRENT) return dirname(PRODUCT_ENTRY);
  if (!BUILD_NAME.test(name)) throw new Error(`a build's name is letters, digits, '.', '_' or '-': "${name}"`);
  return join(BUILDS_DIR, name, 'apps/server/dist');
}

/** A build's server, as `npm start` runs it. */
const entryOf = (name: string) => `${buildDir(name)}/server.js`;

/** Keeps the current build under a name (replacing one kept before), to measure it later beside another. */
export function keepBuild(name: string): string {
  if (name === CURRENT || name === FLOOR) throw new Error(`"${name}" is ${name === FLOOR ? "the bench's bare server" : 'the build in apps/server/dist'}; keep it under another name`);
  const from = buildDir(CURRENT);
  if (!existsSync(entryOf(CURRENT))) throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  const to = buildDir(name);
  const root = join(BUILDS_DIR, name);
  rmSync(root, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  for (const linked of ['apps/web', 'apps/server/node_modules']) {
    if (existsSync(repoPath(linked))) {
      mkdirSync(dirname(join(root, linked)), { recursive: true });
      symlinkSync(repoPath(linked), join(root, linked), 'dir');
    }
  }
  return to;
}

export interface Variant {
  /** As given: `before`, or `current:--max-semi-space-size=32`. */
  label: string;
  /** A build's name, or `floor`. */
  build: string;
  /** Node flags added to the `serve` script's own (the floor's: to none). */
  nodeArgs: string[];
}

/** `<build>` or `<build>:<node flags, space-separated>`; `floor` in place of a build is the bench's bare server. */
export function parseVariant(spec: string): Variant {
  const colon = spec.indexOf(':');
  const build = colon < 0 ? spec : spec.slice(0, colon);
  const nodeArgs = colon < 0 ? [] : spec.slice(colon + 1).split(/\s+/).filter(Boolean);
  const bad = nodeArgs.find((flag) => !flag.startsWith('-'));
  if (bad !== undefined) throw new Error(`"${spec}": node flags start with '-' ("${bad}" does not)`);
  if (build !== FLOOR) buildDir(build);
  return { label: spec, build, nodeArgs };
}

export interface InTurnsOptions {
  variants: Variant[];
  rounds: number;
  connections: number;
  form: ComparisonForm;
  upstreamLatencyMs: number;
  warmupS: number;
  durationS: number;
  log?: (line: string) => void;
}

/** What `npm run bench:turns` was asked: keep the current build under a name, or measure variants in turns. */
export type TurnsCommand = { keep: string } | { measure: Omit<InTurnsOptions, 'log'> };

/** `npm run bench:turns`' command line (turns-cli.ts); a mistake is an error whose message says what to write instead. */
export function parseTurnsCommand(args: string[]): TurnsCommand {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      keep: { type: 'string' },
      rounds: { type: 'string', default: '4' },
      connections: { type: 'string', default: '100' },
      streamed: { type: 'boolean', default: false },
      latency: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '15' },
      duration: { type: 'string', default: '10' },
    },
  });
  const positive = (name: 'rounds' | 'connections' | 'latency' | 'warmup' | 'duration', orZero = false): number => {
    const value = Number(values[name]);
    if (!(value > 0 || (orZero && value === 0))) throw new Error(`--${name} takes ${orZero ? 'a number of 0 or more' : 'a positive number'}, not "${values[name]}"`);
    return value;
  };

  if (values.keep !== undefined) return { keep: values.keep };
  if (positionals.length === 0) throw new Error('name the builds to measure in turns, say `before current` (see the top of bench/src/server-cost/turns-cli.ts)');
  return {
    measure: {
      variants: positionals.map(parseVariant),
      rounds: positive('rounds'),
      connections: positive('connections'),
      form: values.streamed ? 'streamed' : 'json',
      upstreamLatencyMs: positive('latency'),
      warmupS: positive('warmup', true),
      durationS: positive('duration'),
    },
  };
}

export interface TurnRun {
  variant: string;
  round: number;
  run: TargetRun;
}

/** In round 1 the variants run in the order given, in round 2 in reverse, and so on, so none always runs first. */
export function turnOrder<T>(items: T[], round: number): T[] {
  return round % 2 === 1 ? items : [...items].reverse();
}

export async function measureInTurns(options: InTurnsOptions): Promise<TurnRun[]> {
  for (const variant of options.variants) {
    if (variant.build !== FLOOR && !existsSync(entryOf(variant.build))) throw new Error(`no build "${variant.build}" (${buildDir(variant.build)}): run \`npm run build\`, or keep one with --keep`);
  }
  const fake = await spawnFake(options.upstreamLatencyMs);
  const runs: TurnRun[] = [];
  try {
    for (let round = 1; round <= options.rounds; round++) {
      for (const variant of turnOrder(options.variants, round)) {
        const start = variant.build === FLOOR ? () => startFloor(fake, variant.nodeArgs) : () => startProduct(fake, { entry: entryOf(variant.build), nodeArgs: variant.nodeArgs });
        const run = await runTarget(start, fake, options.connections, options.form, options);
        runs.push({ variant: variant.label, round, run });
        options.log?.(`  round ${round} ${variant.label}: ${describeRun(run)}`);
      }
    }
  } finally {
    fake.child.kill('SIGTERM');
  }
  return runs;
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US');

function describeRun(run: TargetRun): string {
  return `${whole(run.cpuMicrosPerComparison)} µs CPU per comparison, ${whole(run.perSecond)}/s, p50 ${whole(run.p50Ms)} ms, peak RSS ${whole(run.peakRssMb)} MB, errors/timeouts ${run.errors}/${run.timeouts}`;
}

/** `median (lowest–highest)` of one figure over a variant's runs; the figure alone when every run read the same. */
function spread(values: number[]): string {
  const [lowest, highest] = [whole(Math.min(...values)), whole(Math.max(...values))];
  return lowest === highest ? lowest : `${whole(percentile(values, 50))} (${lowest}–${highest})`;
}

/** One line per variant, in the order first measured: each figure's median and range over its rounds. */
export function summariseTurns(runs: TurnRun[]): string[] {
  const byVariant = new Map<string, TargetRun[]>();
  for (const { variant, run } of runs) byVariant.set(variant, [...(byVariant.get(variant) ?? []), run]);
  const header = ['variant', 'runs', 'CPU µs per comparison', 'comparisons/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'errors / timeouts'];
  const rows = [...byVariant].map(([variant, list]) => [
    variant,
    String(list.length),
    spread(list.map((run) => run.cpuMicrosPerComparison)),
    spread(list.map((run) => run.perSecond)),
    spread(list.map((run) => run.p50Ms)),
    spread(list.map((run) => run.p99Ms)),
    spread(list.map((run) => run.peakRssMb)),
    `${list.reduce((sum, run) => sum + run.errors, 0)} / ${list.reduce((sum, run) => sum + run.timeouts, 0)}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}
