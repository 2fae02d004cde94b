// `npm run bench:instructions`: machine instructions per comparison, counted by valgrind's callgrind,
// which a loaded machine does not move (CPU time per comparison moved 5-21 ms in one hour on the
// shared 2-core machine). Counts every thread of the product (V8's helpers and the WAL checkpointer
// included) but not the kernel's work for it.
//   npm run bench:instructions -- [build…] [--streamed] [--warmup 300] [--count 200] [--connections 4]
// Each build (`current` or a kept one, as in `bench:turns`) starts under callgrind; its counts are
// dumped (and zeroed) after `--warmup` comparisons and again after `--count` more, and the second
// dump's total is divided by the count.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_ROUTES, STREAM_CONTENT_TYPE } from '@promptpair/contract';
import autocannon from 'autocannon';
import { buildDir, CURRENT } from './in-turns.ts';
import { COMPARISON_BODY, primeVisitor } from './load.ts';
import { spawnFake, startProduct, type Fake } from './processes.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    streamed: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '300' },
    count: { type: 'string', default: '200' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
  },
});

async function send(url: string, headers: Record<string, string>, amount: number, { warmup = false } = {}): Promise<number> {
  const result = await autocannon({
    url: `${url}${API_ROUTES.getChatData}`,
    method: 'POST',
    headers: values.streamed ? { ...headers, accept: STREAM_CONTENT_TYPE } : headers,
    body: COMPARISON_BODY,
    connections: Number(values.connections),
    amount,
    // Under callgrind the product runs some 50 times slower, far slower still on a loaded machine.
    timeout: 900,
  });
  if (!warmup && result['2xx'] !== amount) throw new Error(`${amount} comparisons sent, ${result['2xx']} answered 200 (${result.errors} errors, ${result.timeouts} timeouts)`);
  return result['2xx'];
}

/** Asks callgrind in `pid` to write its counts so far (and start again from 0); answers the file it wrote. */
function dump(pid: number, outFile: string): string {
  const files = () => readdirSync(dirname(outFile)).filter((name) => name.startsWith(`${basename(outFile)}.`));
  const before = new Set(files());
  // vgdb may report a failure when the process was busy as it asked; the dump file says whether it happened.
  try {
    execFileSync('vgdb', [`--pid=${pid}`, 'dump'], { stdio: 'ignore', timeout: 120_000 });
  } catch {
    // judged by the file below
  }
  const written = files().find((name) => !before.has(name));
  if (!written) throw new Error(`callgrind in ${pid} wrote no dump`);
  return join(dirname(outFile), written);
}

async function instructionsPerComparison(fake: Fake, build: string): Promise<number> {
  const outFile = join(tmpdir(), `promptpair-callgrind-${process.pid}-${build}`);
  const entry = join(buildDir(build), 'server.js');
  const target = await startProduct(fake, { entry, wrapper: ['valgrind', '--tool=callgrind', `--callgrind-out-file=${outFile}`] });
  try {
    const [url] = target.urls;
    const [pid] = target.pids;
    const headers = await primeVisitor(url!);
    await send(url!, headers, Number(values.warmup), { warmup: true });
    dump(pid!, outFile);
    const counted = await send(url!, headers, Number(values.count));
    const file = dump(pid!, outFile);
    const total = Number(/^totals: (\d+)/m.exec(readFileSync(file, 'utf8'))?.[1] ?? Number.NaN);
    return total / counted;
  } finally {
    await target.stop();
    execFileSync('sh', ['-c', `rm -f ${outFile}*`]);
  }
}

const builds = positionals.length > 0 ? positionals : [CURRENT];
const fake = await spawnFake(200);
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const build of builds) {
      const perComparison = await instructionsPerComparison(fake, build);
      console.log(`round ${round} ${build}: ${(perComparison / 1e6).toFixed(2)} million instructions per ${values.streamed ? 'streamed' : 'JSON'} comparison`);
    }
  }
} finally {
  fake.child.kill('SIGTERM');
}
