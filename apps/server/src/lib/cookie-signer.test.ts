import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { rememberingSigner } from './cookie-signer.ts';

describe('rememberingSigner', () => {
  it('signs and checks as @fastify/cookie does, rotation included, the second time from memory', () => {
    const signer = rememberingSigner(['current', 'previous']);
    const plain = new Signer(['current', 'previous']);
    const signed = signer.sign('visitor-1');
    expect(signed).toBe(plain.sign('visitor-1'));
    expect(signer.unsign(signed)).toEqual({ valid: true, renew: false, value: 'visitor-1' });
    expect(signer.unsign(signed)).toEqual({ valid: true, renew: false, value: 'visitor-1' });
    const old = new Signer('previous').sign('visitor-2');
    expect(signer.unsign(old)).toEqual({ valid: true, renew: true, value: 'visitor-2' });
    expect(signer.unsign(old)).toEqual({ valid: true, renew: true, value: 'visitor-2' });
  });

  it('never takes a forged or tampered value for valid, however often it comes', () => {
    const signer = rememberingSigner(['current']);
    const signed = signer.sign('visitor-1');
    signer.unsign(signed);
    const forged = `visitor-2${signed.slice(signed.lastIndexOf('.'))}`;
    for (let i = 0; i < 3; i++) expect(signer.unsign(forged)).toEqual({ valid: false, renew: false, value: null });
    expect(signer.unsign(new Signer('other').sign('visitor-1'))).toMatchObject({ valid: false });
  });

  it('hands out copies, so a caller that changes one changes nothing remembered', () => {
    const signer = rememberingSigner(['current'], 2);
    const signed = signer.sign('v');
    const first = signer.unsign(signed);
    (first as { value: string | null }).value = 'changed';
    expect(signer.unsign(signed).value).toBe('v');
    // Past the bound the oldest is checked afresh, with the same answer.
    signer.unsign(signer.sign('a'));
    signer.unsign(signer.sign('b'));
    expect(signer.unsign(signed)).toEqual({ valid: true, renew: false, value: 'v' });
  });
});
