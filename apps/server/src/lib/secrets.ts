import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Independent keys derived from the one app secret, so no key is used for two purposes. */
export interface Secrets {
  cookieSecret: string;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const VERSION = 'v1';
const TAG_BYTES = 16;

export function createSecrets(appKey: string): Secrets {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', appKey, 'promptpair', info, 32));
  const encryptionKey = derive('key-encryption');
  return {
    cookieSecret: derive('cookie-signing').toString('base64url'),
    // AES-256-GCM with a fresh 96-bit nonce per value; the tag makes tampering fail loudly.
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value.');
      // The tag length is pinned: without it GCM also accepts a tag cut down to 4 bytes, which is forgeable.
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
