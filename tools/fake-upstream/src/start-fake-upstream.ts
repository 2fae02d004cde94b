import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compatServiceMap, compatServiceNames, SAMPLE_COMPAT_SERVICES } from './openai/compat-services.ts';
import { createRequestListener } from './request-router.ts';
import { ScenarioQueue } from './scenario-queue.ts';
import type { ServerState } from './server-state.ts';
import type { FakeUpstream, FakeUpstreamOptions } from './types.ts';

/** Wildcard binds are reached through loopback; IPv6 literals need brackets in a URL. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * As a real service's front door, the simulator takes a burst of new connections without dropping
 * handshakes: with Node's default backlog (511) a server opening a thousand calls at once waited
 * out SYN retransmits (1 s and more), measuring the simulator's queue instead of the server.
 */
const LISTEN_BACKLOG = 4096;

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const { port = 0, host = '127.0.0.1', latencyMs = 0, validKeys, recordRequests = true, streamPace = {}, answerStyle = 'plain' } = options;
  const compatServices = compatServiceMap(options.compatServices ?? SAMPLE_COMPAT_SERVICES);
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError('latencyMs must be a non-negative number');
  for (const pace of Object.values(streamPace)) {
    if (!pace) continue;
    if (!(pace.tokensPerSecond > 0 && Number.isFinite(pace.tokensPerSecond)) || !((pace.firstTokenMs ?? 0) >= 0)) {
      throw new RangeError('streamPace needs a positive tokensPerSecond and a non-negative firstTokenMs');
    }
  }
  const state: ServerState = {
    options: { latencyMs, validKeys: validKeys ? [...validKeys] : undefined, recordRequests, streamPace: { ...streamPace }, answerStyle, compatServices, hiddenModels: new Set(options.hiddenModels ?? []) },
    scenarios: new ScenarioQueue(compatServiceNames(compatServices)),
    requests: [],
    hanging: new Set(),
    streams: [],
  };
  const server = createServer(createRequestListener(state));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://${hostForUrl(host)}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: `${url}/anthropic`,
    compatBaseUrl: (id) => {
      if (!compatServices.has(id)) throw new RangeError(`no compat service "${id}" is declared`);
      return `${url}/compat/${id}/v1`;
    },
    googleBaseUrl: url,
    requests: state.requests,
    script: (service, scenario, times = 1) => state.scenarios.add(service, scenario, times),
    hideModels: (ids) => {
      state.options.hiddenModels = new Set(ids);
    },
    streams: () => state.streams.map((outcome) => ({ ...outcome })),
    connections: () => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    reset: () => {
      state.scenarios.clear();
      state.requests.length = 0; // in place, so `requests` stays the live array
      state.streams.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of state.hanging) res.destroy();
        state.hanging.clear();
        server.close(() => resolve()); // resolves on the second call too (the error is ignored)
        server.closeAllConnections(); // keep-alive and in-flight (delayed) requests end now
      }),
  };
}
