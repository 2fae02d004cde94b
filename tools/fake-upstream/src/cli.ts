#!/usr/bin/env -S node --import tsx
// Runs the fake upstream on its own: `PORT=8787 HOST=127.0.0.1 fake-upstream --latency 300`.
import { parseArgs } from 'node:util';
import { startFakeUpstream } from './start-fake-upstream.ts';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '0' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});

const port = Number(values.port ?? process.env['PORT'] ?? 8787);
const latencyMs = Number(values.latency);
if (!Number.isInteger(port) || port < 0 || !Number.isFinite(latencyMs) || latencyMs < 0) {
  console.error('usage: fake-upstream [--latency ms] [--port n] [--host h]   (env: PORT, HOST)');
  process.exit(2);
}

const fake = await startFakeUpstream({ port, host: values.host ?? process.env['HOST'] ?? '127.0.0.1', latencyMs });
console.log(`fake-upstream listening on ${fake.url}`);
console.log(`  OpenAI base URL: ${fake.openaiBaseUrl}   Google base URL: ${fake.googleBaseUrl}   control: ${fake.url}/__fake`);
console.log(`  Anthropic base URL: ${fake.anthropicBaseUrl}   compatible services: ${fake.url}/compat/<id>/v1`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
