import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureBatchRunner } from './batch-runner.ts';
import { measureComparison } from './comparison-latency.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureStreamLatency } from './stream-latency.ts';
import { formatRow, meetsTarget, type Measurement } from './report.ts';
import { formatServerCost, FULL_RUN, measureServerCost, serverCostTargets, SHORT_RUN } from './server-cost/server-cost.ts';
import { LIVE_RUN, LIVE_SHORT_RUN, measureLive } from './live/live.ts';
import { parseLevels, parseSeconds } from './live/live-plan.ts';
import { formatLive, liveTargets } from './live/live-report.ts';
import { buildDir } from './server-cost/in-turns.ts';

/**
 * `npm run bench`: measures the targets that must not live in timed tests, prints them,
 * writes bench/results/latest.json, and exits non-zero when a target is missed.
 *
 *   npm run bench                                   every section, full length
 *   npm run bench -- --only server-cost --short     one section; --short: 10 and 100 connections, 2 s each
 *   npm run bench -- --only server-cost --levels 100 --duration 20 --latency 200
 *   npm run bench -- --only server-cost --levels '' --streamed-levels 100    only streamed comparisons, at 100 connections
 *   npm run bench -- --only server-cost --processes 2     the product as two processes on one SQLite file
 *   npm run bench -- --only lighthouse --keep-reports     every Lighthouse report kept in bench/results/lighthouse/
 *   npm run bench -- --only live --live-levels 1000 --stream-seconds 20 --hold-seconds 10    comparisons live at once
 *   npm run bench -- --only live --build before    a build kept by `npm run bench:turns -- --keep before`, not built here
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    short: { type: 'boolean', default: false },
    levels: { type: 'string' },
    'streamed-levels': { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    latency: { type: 'string' },
    processes: { type: 'string' },
    'keep-reports': { type: 'boolean', default: false },
    'live-levels': { type: 'string' },
    'stream-seconds': { type: 'string' },
    'hold-seconds': { type: 'string' },
    build: { type: 'string' },
  },
});

/** The server-cost and live sections' product: a kept build when named (in-turns.ts), else the one built below. */
const keptBuild = values.build === undefined ? {} : { entry: `${buildDir(values.build)}/server.js` };

const resultsDir = fileURLToPath(new URL('../results', import.meta.url));

/** `100,1000` as connection levels; an empty list measures none at that form. */
const levelList = (text: string) => text.split(',').filter(Boolean).map(Number);

async function measureServerCostSection(): Promise<Measurement[]> {
  const base = values.short ? SHORT_RUN : FULL_RUN;
  const report = await measureServerCost({
    ...base,
    ...(values.levels !== undefined ? { levels: levelList(values.levels) } : {}),
    ...(values['streamed-levels'] !== undefined ? { streamedLevels: levelList(values['streamed-levels']) } : {}),
    ...(values.duration ? { durationS: Number(values.duration) } : {}),
    ...(values.warmup ? { warmupS: Number(values.warmup) } : {}),
    ...(values.latency ? { upstreamLatencyMs: Number(values.latency) } : {}),
    product: { ...keptBuild, ...(values.processes ? { processes: Number(values.processes) } : {}) },
    outFile: `${resultsDir}/server-cost.json`,
  });
  console.log(`  ${report.processes} product process(es) on one database; upstream ${report.upstreamLatencyMs} ms; ${report.durationS} s per level after ${report.warmupS} s of warm-up; ${report.cpus} CPUs`);
  for (const line of formatServerCost(report)) console.log(line);
  return serverCostTargets(report);
}

async function measureLiveSection(): Promise<Measurement[]> {
  const base = values.short ? LIVE_SHORT_RUN : LIVE_RUN;
  const report = await measureLive({
    ...base,
    ...(values['live-levels'] !== undefined ? { levels: parseLevels(values['live-levels']) } : {}),
    ...(values['stream-seconds'] !== undefined ? { streamS: parseSeconds('stream-seconds', values['stream-seconds']) } : {}),
    ...(values['hold-seconds'] !== undefined ? { holdS: parseSeconds('hold-seconds', values['hold-seconds']) } : {}),
    product: keptBuild,
    outFile: `${resultsDir}/live.json`,
  });
  console.log(`  each comparison streams both sides for about ${report.streamS} s after ${report.upstreamLatencyMs} ms; first pieces measured over ${report.holdS} s after ${report.streamS} s of arrivals; ${report.cpus} CPUs, ${report.openFilesLimit} open files per process`);
  for (const line of formatLive(report)) console.log(line);
  return liveTargets(report);
}

interface Section {
  key: string;
  title: string;
  measure: () => Promise<Measurement[]>;
  /** Starts the compiled server or reads the built page (the others run the server from source in this process). */
  readsBuild: boolean;
}

const sections: Section[] = [
  { key: 'server-cost', title: 'Server cost per comparison, beside the floor (compiled product, one primed visitor)', measure: measureServerCostSection, readsBuild: true },
  { key: 'comparison', title: 'Comparison (server against the simulator)', measure: measureComparison, readsBuild: false },
  { key: 'streaming', title: 'Streaming (100 comparisons at once, server in its own process)', measure: measureStreamLatency, readsBuild: true },
  { key: 'page-weight', title: 'Page weight', measure: measurePageWeight, readsBuild: true },
  { key: 'lighthouse', title: 'Lighthouse, mobile (the built product in demo mode)', readsBuild: true, measure: () =>
    measureLighthouse(values['keep-reports'] ? { reportsDir: `${resultsDir}/lighthouse` } : {}) },
  { key: 'batch', title: 'Prompt-list runs (200 prompts, 200 ms upstreams in their own process)', measure: measureBatchRunner, readsBuild: false },
  { key: 'live', title: 'Live comparisons at once, beside the floor (steady arrivals of streamed comparisons, compiled product)', measure: measureLiveSection, readsBuild: true },
];
const only = values.only?.split(',');
const unknown = only?.filter((key) => !sections.some((section) => section.key === key)) ?? [];
if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(', ')}; known: ${sections.map((section) => section.key).join(', ')}`);
const chosen = sections.filter((section) => !only || only.includes(section.key));

// Built once here, as `npm start` builds it, so no section reads a stale or missing bundle; a kept
// build is measured as it was kept.
const readsOwnBuild = chosen.filter((section) => section.readsBuild && !['server-cost', 'live'].includes(section.key));
if (values.build !== undefined && readsOwnBuild.length > 0) throw new Error(`--build measures server-cost and live only, not ${readsOwnBuild.map((section) => section.key).join(', ')}`);
if (values.build !== undefined && !existsSync(`${buildDir(values.build)}/server.js`)) throw new Error(`no build "${values.build}" (${buildDir(values.build)}): keep one with \`npm run bench:turns -- --keep ${values.build}\``);
if (values.build === undefined && chosen.some((section) => section.readsBuild)) {
  execFileSync('npm', ['run', 'build'], { cwd: fileURLToPath(new URL('../../', import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'] });
}

const results: Record<string, Measurement[]> = {};
for (const { title, measure } of chosen) {
  console.log(`\n${title}`);
  const measured = await measure();
  results[title] = measured;
  for (const m of measured) console.log('  ' + formatRow(m));
}

await mkdir(resultsDir, { recursive: true });
await writeFile(`${resultsDir}/latest.json`, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const missed = Object.values(results).flat().filter((m) => !meetsTarget(m));
console.log(missed.length === 0 ? '\nAll targets met.' : `\n${missed.length} target(s) missed.`);
process.exitCode = missed.length === 0 ? 0 : 1;
