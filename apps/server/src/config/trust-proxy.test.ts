import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from './trust-proxy.ts';

/** The client address Fastify settles on: the first address, from the server outwards, that is not trusted. */
function clientAddress(setting: boolean | number | string, peer: string, forwardedFor: string[]): string {
  const trust = fastifyTrustProxy(setting);
  if (typeof trust !== 'function') throw new Error('not a hop count');
  const addresses = [peer, ...forwardedFor.slice().reverse()];
  const at = addresses.findIndex((address, hop) => hop === addresses.length - 1 || !trust(address, hop));
  return addresses[at]!;
}

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address the one proxy saw, not what the client wrote before it', () => {
    expect(clientAddress(1, '10.0.0.2', ['6.6.6.6', '198.51.100.7'])).toBe('198.51.100.7');
    expect(clientAddress(1, '127.0.0.1', ['198.51.100.7'])).toBe('198.51.100.7');
    expect(clientAddress(1, '::ffff:172.18.0.3', ['198.51.100.7'])).toBe('198.51.100.7');
    expect(clientAddress(1, 'fd00::3', ['198.51.100.7'])).toBe('198.51.100.7');
  });

  it('counts a CDN and a proxy as two hops', () => {
    expect(clientAddress(2, '192.168.1.5', ['6.6.6.6', '198.51.100.7', '203.0.113.20'])).toBe('198.51.100.7');
  });

  it('trusts no X-Forwarded-For from a client that connects from outside the private networks', () => {
    expect(clientAddress(1, '203.0.113.9', ['6.6.6.6'])).toBe('203.0.113.9');
    expect(clientAddress(2, '203.0.113.9', ['6.6.6.6', '7.7.7.7'])).toBe('203.0.113.9');
  });

  it('leaves 0 as no proxy, and addresses and true to Fastify as they are', () => {
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    expect(fastifyTrustProxy(true)).toBe(true);
  });
});
