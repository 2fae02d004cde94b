// `npm run bench:turns`: builds of the product, or node flags, measured in turns (in-turns.ts).
//   npm run build && npm run bench:turns -- --keep before      keep this build as bench/builds/before
//   (change the code) npm run build
//   npm run bench:turns -- before current                      the two in turns, 4 rounds at 100 connections
//   npm run bench:turns -- current 'current:--max-semi-space-size=32' --connections 1000 --rounds 5
//   npm run bench:turns -- before current --streamed           comparisons as server-sent events
//   npm run bench:turns -- floor current                       the product beside the bench's bare server
// `current` is whatever apps/server/dist holds: this command does not build. A JSON copy of the
// last run lands in bench/results/turns.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepBuild, measureInTurns, parseTurnsCommand, summariseTurns } from './in-turns.ts';

async function main(): Promise<void> {
  const command = parseTurnsCommand(process.argv.slice(2));
  if ('keep' in command) return console.log(`kept the current build as ${keepBuild(command.keep)}`);
  const options = command.measure;
  console.log(`${options.variants.length} variants, ${options.rounds} rounds, ${options.connections} connections, ${options.form}, upstream ${options.upstreamLatencyMs} ms, ${options.durationS} s measured after ${options.warmupS} s of warm-up`);
  const runs = await measureInTurns({ ...options, log: (line) => console.log(line) });
  console.log('');
  for (const line of summariseTurns(runs)) console.log(line);
  const resultsDir = fileURLToPath(new URL('../../results', import.meta.url));
  const outFile = join(resultsDir, 'turns.json');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(outFile, JSON.stringify({ at: new Date().toISOString(), ...options, runs }, null, 2));
  console.log(`\nJSON copy: ${outFile}`);
}

// A mistake on the command line is a message, not a stack trace.
await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
