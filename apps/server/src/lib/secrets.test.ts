import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testAppKey } from '../test/app-keys.ts';
import { resolveAppKey } from './app-key.ts';
import { createSecrets } from './secrets.ts';

describe('secrets', () => {
  it('round-trips with a fresh nonce each time and refuses tampering', () => {
    const secrets = createSecrets(testAppKey('test-app-key'));
    const a = secrets.encrypt('sk-very-secret');
    const b = secrets.encrypt('sk-very-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-very-secret');
    expect(secrets.decrypt(a)).toBe('sk-very-secret');
    // One character of the ciphertext changed (never to itself: that was a 1-in-64 pass-through).
    const flipped = a.at(-2) === 'A' ? 'B' : 'A';
    const tampered = a.slice(0, -2) + flipped + a.slice(-1);
    expect(tampered).not.toBe(a);
    expect(() => secrets.decrypt(tampered)).toThrow();
    expect(() => createSecrets(testAppKey('another-key')).decrypt(a)).toThrow();
    // A tag cut to 4 bytes would be far easier to forge: only the full 16-byte tag is accepted.
    const [version, iv, tag = '', body] = a.split('.');
    const shortTag = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => secrets.decrypt([version, iv, shortTag, body].join('.'))).toThrow();
  });

  it('during a rotation opens values of the previous key, seals only under the new one, and re-seals old values', () => {
    const before = createSecrets(testAppKey('old-key'));
    const during = createSecrets(testAppKey('new-key'), testAppKey('old-key'));
    const old = before.encrypt('sk-rotated');
    expect(during.decrypt(old)).toBe('sk-rotated');
    expect(() => createSecrets(testAppKey('new-key')).decrypt(during.encrypt('x'))).not.toThrow();
    expect(() => before.decrypt(during.encrypt('x'))).toThrow();
    const resealed = during.reseal(old);
    expect(createSecrets(testAppKey('new-key')).decrypt(resealed ?? '')).toBe('sk-rotated');
    expect(during.reseal(resealed ?? '')).toBeNull();
    expect(during.reseal(createSecrets(testAppKey('a-third-key')).encrypt('x'))).toBeNull();
    expect(() => during.decrypt(createSecrets(testAppKey('a-third-key')).encrypt('x'))).toThrow();
    expect(during.cookieSecrets).toEqual([createSecrets(testAppKey('new-key')).cookieSecrets[0], before.cookieSecrets[0]]);
  });

  it('generates the app key once into the data folder, private to its owner', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptpair-key-'));
    const first = await resolveAppKey(undefined, dir);
    expect(await resolveAppKey(undefined, dir)).toBe(first);
    expect((await readFile(join(dir, 'app-key'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dir, 'app-key'))).mode & 0o777).toBe(0o600);
    expect(await resolveAppKey('from-env', dir)).toBe('from-env');
  });

  it('never runs on an empty app key: an app-key file left empty stops the start with what to do', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptpair-key-'));
    await writeFile(join(dir, 'app-key'), '\n');
    await expect(resolveAppKey(undefined, dir)).rejects.toThrow(/app-key is empty\. Delete it/);
  });
});
