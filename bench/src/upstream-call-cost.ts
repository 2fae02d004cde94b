// CPU of one upstream call through the adapters (`generate`, both services, JSON and streamed),
// beside a bare node:http POST + JSON.parse of the same Chat Completions call (the floor). The
// simulator runs in its own process, so the CPU counted (process.cpuUsage) is this process's own:
// the adapters, the SDKs and the HTTP client. Modes run in turn, several rounds, medians reported.
//
//   node --import tsx bench/src/upstream-call-cost.ts [--calls 2000] [--concurrency 100]
//     [--rounds 5] [--latency 50] [--modes floor,openai,openai-stream,gemini,gemini-stream]
//     [--compare path/to/other/upstreams/index.ts]
//
// --compare loads a second build of the upstream layer (another checkout's
// apps/server/src/upstreams/index.ts) and runs each mode on both, alternating, in the same
// process: A/B without the noise of two runs apart. Each timed round starts on a warmed pool, and a
// failed call is reported, not thrown (upstream-call-rounds.ts).
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { BUILT_IN_DEFAULT_MODELS, createAdapters, type Adapters } from '@promptpair/server/upstreams';
import { percentile } from './report.ts';
import { spawnFake } from './server-cost/processes.ts';
import { timeCalls, warmPool } from './upstream-call-rounds.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    latency: { type: 'string', default: '50' },
    modes: { type: 'string', default: 'floor,openai,openai-stream,gemini,gemini-stream' },
    compare: { type: 'string' },
  },
});
const calls = Number(values.calls);
const concurrency = Number(values.concurrency);
const rounds = Number(values.rounds);
const KEY = 'sk-bench-key-0123456789';
const PROMPT = 'Say hello in one short sentence.';

/** Another checkout's upstream layer has the same entry point. */
type CreateAdapters = typeof createAdapters;

const fake = await spawnFake(Number(values.latency));
process.on('exit', () => fake.child.kill());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const config = { openaiBaseUrl: `${fake.url}/v1`, googleBaseUrl: fake.url, timeoutMs: 60_000, maxRetries: 0, maxRetryDelayMs: 0, maxResponseBytes: 10_485_760 };

async function loadBuild(entry: string): Promise<Adapters> {
  const module = (await import(pathToFileURL(entry).href)) as { createAdapters: CreateAdapters };
  return module.createAdapters(config);
}
const builds: [string, Adapters][] = [['this', createAdapters(config)]];
if (values.compare) builds.push(['compare', await loadBuild(values.compare)]);

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const openaiBase = new URL(`${fake.url}/v1/chat/completions`);
function floorCall(): Promise<unknown> {
  const payload = JSON.stringify({ model: BUILT_IN_DEFAULT_MODELS.openai, messages: [{ role: 'user', content: PROMPT }] });
  return new Promise((resolve, reject) => {
    const req = request(openaiBase, { agent, method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`upstream ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function modeCall(adapters: Adapters, mode: string): () => Promise<unknown> {
  const onText = () => {};
  switch (mode) {
    case 'floor':
      return floorCall;
    case 'openai':
      return () => adapters.openai.generate({ prompt: PROMPT, settings: { model: BUILT_IN_DEFAULT_MODELS.openai }, apiKey: KEY });
    case 'openai-stream':
      return () => adapters.openai.generate({ prompt: PROMPT, settings: { model: BUILT_IN_DEFAULT_MODELS.openai }, apiKey: KEY, onText });
    case 'gemini':
      return () => adapters.google.generate({ prompt: PROMPT, settings: { model: BUILT_IN_DEFAULT_MODELS.google }, apiKey: KEY });
    case 'gemini-stream':
      return () => adapters.google.generate({ prompt: PROMPT, settings: { model: BUILT_IN_DEFAULT_MODELS.google }, apiKey: KEY, onText });
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

const modes = values.modes.split(',');
const results = new Map<string, number[]>();
for (const [, adapters] of builds) for (const mode of modes) await timeCalls(modeCall(adapters, mode), Math.min(calls, 500), concurrency); // warm-up
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    for (const [name, adapters] of round % 2 ? [...builds].reverse() : builds) {
      if (mode === 'floor' && name !== 'this') continue;
      const call = modeCall(adapters, mode);
      const warm = await warmPool(call, concurrency);
      const timed = await timeCalls(call, calls, concurrency);
      const label = `${mode} (${name})`;
      results.set(label, [...(results.get(label) ?? []), timed.microsPerCall]);
      const failures = [warm.failed > 0 ? `${warm.failed} warming its pool` : '', timed.failed > 0 ? `${timed.failed} timed, not counted` : ''].filter(Boolean);
      console.log(`round ${round + 1} ${label}: ${timed.microsPerCall.toFixed(0)} µs/call${failures.length > 0 ? `; calls failed: ${failures.join(', ')} (${timed.firstFailure ?? warm.firstFailure})` : ''}`);
    }
  }
}

console.log('\nmedian CPU per call (µs):');
for (const [label, xs] of results) console.log(`  ${label.padEnd(28)} ${percentile(xs, 50).toFixed(0).padStart(6)}   rounds ${xs.map((x) => x.toFixed(0)).join(' ')}`);
fake.child.kill();
agent.destroy();
process.exit(0);
