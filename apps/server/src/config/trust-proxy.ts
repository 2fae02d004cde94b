import { BlockList, isIP } from 'node:net';

/** Loopback, private (RFC 1918, IPv6 unique local) and link-local addresses: where a proxy of the operator's sits. */
const NEAR_NETWORKS = new BlockList();
for (const [network, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) {
  NEAR_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) NEAR_NETWORKS.addSubnet(network, prefix, 'ipv6');

function isNear(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && NEAR_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies from the server outwards,
 * the nearest only when it connects from loopback or a private network: a client that reaches the
 * server directly from elsewhere cannot pass its own X-Forwarded-For off as a proxy's. (Fastify
 * itself trusts no one for a bare count, which would give every visitor the proxy's address.)
 * Addresses and `true` go to Fastify as they are; `true` only reaches here with TRUST_PROXY_ANY=1.
 */
export function fastifyTrustProxy(setting: boolean | number | string): TrustProxy {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  return (address, hop) => hop < setting && (hop > 0 || isNear(address));
}
