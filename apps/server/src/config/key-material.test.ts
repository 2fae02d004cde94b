import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppKey } from '../lib/app-key.ts';
import { parseEnv } from './env.ts';
import { APP_KEY_MIN_BYTES, keyMaterialBytes } from './key-material.ts';

describe('keyMaterialBytes', () => {
  it('counts hex as two characters a byte, as `openssl rand -hex 32` writes it', () => {
    expect(keyMaterialBytes(randomBytes(32).toString('hex'))).toBe(32);
    expect(keyMaterialBytes('AB'.repeat(31))).toBe(31);
  });

  it('counts base64 and base64url as four characters for three bytes, padding or not', () => {
    expect(keyMaterialBytes(randomBytes(32).toString('base64'))).toBe(32);
    expect(keyMaterialBytes(randomBytes(32).toString('base64url'))).toBe(32);
    expect(keyMaterialBytes(randomBytes(31).toString('base64url'))).toBe(31);
  });

  it('counts any other text by its UTF-8 bytes', () => {
    expect(keyMaterialBytes('a passphrase, 32 bytes in all!!!')).toBe(32);
    expect(keyMaterialBytes('é'.repeat(16))).toBe(32);
    expect(keyMaterialBytes('a passphrase of 31 bytes in all')).toBe(31);
  });
});

describe('the key generated into DATA_DIR', () => {
  it(`carries at least ${APP_KEY_MIN_BYTES} bytes, so it would pass as APP_KEY`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptpair-key-length-'));
    try {
      const generated = await resolveAppKey(undefined, dir);
      expect(keyMaterialBytes(generated)).toBeGreaterThanOrEqual(APP_KEY_MIN_BYTES);
      expect(parseEnv({ APP_KEY: generated }).appKey).toBe(generated);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
