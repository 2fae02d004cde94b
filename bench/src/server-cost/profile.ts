// `npm run bench:profile`: the compiled product under load with --cpu-prof, then its self time
// summed by module (package) and by function, to see where a comparison's CPU goes.
//   npm run bench:profile -- --connections 100 --duration 10
//   npm run bench:profile -- --streamed                    (comparisons as server-sent events)
//   npm run bench:profile -- --file saved.cpuprofile     (only the summary)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkOneComparison, primeVisitor, runLoad } from './load.ts';
import { spawnFake, startProduct } from './processes.ts';
import { buildProduct } from './server-cost.ts';
import { summarise, type CpuProfile } from './profile-summary.ts';

async function main() {
  const { values } = parseArgs({
    options: { streamed: { type: 'boolean', default: false }, connections: { type: 'string', default: '100' }, duration: { type: 'string', default: '10' }, latency: { type: 'string', default: '200' }, file: { type: 'string' } },
  });
  if (values.file) return console.log(summarise(JSON.parse(await readFile(values.file, 'utf8')) as CpuProfile).join('\n'));
  buildProduct();
  const dir = await mkdtemp(join(tmpdir(), 'promptpair-profile-'));
  const fake = await spawnFake(Number(values.latency));
  try {
    const product = await startProduct(fake, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    const [url] = product.urls;
    const headers = await primeVisitor(url!);
    const form = values.streamed ? 'streamed' : 'json';
    await checkOneComparison(url!, headers, form);
    await runLoad(url!, headers, Number(values.connections), 2, form);
    const load = await runLoad(url!, headers, Number(values.connections), Number(values.duration), form);
    await product.stop();
    console.log(`${load.comparisons} comparisons, ${load.perSecond.toFixed(0)}/s, p50 ${load.p50Ms} ms`);
    const [file] = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    console.log(summarise(JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile).join('\n'));
    console.log(`\nprofile: ${join(dir, file)} (open it in Chromium's DevTools, Performance tab)`);
  } finally {
    fake.child.kill('SIGTERM');
    if (process.env['KEEP_PROFILE'] === undefined) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

await main();
