import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { measureBatchRunner } from './batch-runner.ts';
import { measureComparison } from './comparison-latency.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureStreamLatency } from './stream-latency.ts';
import { formatRow, meetsTarget, type Measurement } from './report.ts';

/**
 * `npm run bench`: measures the targets that must not live in timed tests, prints them,
 * writes bench/results/latest.json, and exits non-zero when a target is missed.
 */
const sections: [string, () => Promise<Measurement[]>][] = [
  ['Comparison (server against the simulator)', measureComparison],
  ['Streaming (100 comparisons at once, server in its own process)', measureStreamLatency],
  ['Page weight (run `npm run build` first)', measurePageWeight],
  ['Lighthouse, mobile (the built product in demo mode)', measureLighthouse],
  ['Prompt-list runs (200 prompts, 200 ms upstreams in their own process)', measureBatchRunner],
];

const results: Record<string, Measurement[]> = {};
for (const [title, measure] of sections) {
  console.log(`\n${title}`);
  const measured = await measure();
  results[title] = measured;
  for (const m of measured) console.log('  ' + formatRow(m));
}

const dir = fileURLToPath(new URL('../results', import.meta.url));
await mkdir(dir, { recursive: true });
await writeFile(`${dir}/latest.json`, JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const missed = Object.values(results).flat().filter((m) => !meetsTarget(m));
console.log(missed.length === 0 ? '\nAll targets met.' : `\n${missed.length} target(s) missed.`);
process.exitCode = missed.length === 0 ? 0 : 1;
