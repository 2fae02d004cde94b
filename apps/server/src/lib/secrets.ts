import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Independent keys derived from the one app secret, so no key is used for two purposes. */
export interface Secrets {
  /** Cookies are signed with the first and accepted under any (@fastify/cookie's rotation). */
  cookieSecrets: string[];
  encrypt(plain: string): string;
  /** Opens a value sealed under the current key or, during a rotation, the previous one. */
  decrypt(sealed: string): string;
  /** The value sealed under the current key when it was sealed under the previous one; null when already current. */
  reseal(sealed: string): string | null;
}

const VERSION = 'v1';
const TAG_BYTES = 16;

function sealer(appKey: string) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', appKey, 'promptpair', info, 32));
  const encryptionKey = derive('key-encryption');
  return {
    cookieSecret: derive('cookie-signing').toString('base64url'),
    // AES-256-GCM with a fresh 96-bit nonce per value; the tag makes tampering fail loudly.
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value.');
      // The tag length is pinned: without it GCM also accepts a tag cut down to 4 bytes, which is forgeable.
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The app's secrets from APP_KEY, and from APP_KEY_PREVIOUS while a rotation is under way. */
export function createSecrets(appKey: string, previousKey?: string): Secrets {
  const current = sealer(appKey);
  const previous = previousKey ? sealer(previousKey) : undefined;
  const openWithPrevious = (sealed: string): string | null => {
    if (!previous) return null;
    try {
      return previous.decrypt(sealed);
    } catch {
      return null;
    }
  };
  return {
    cookieSecrets: previous ? [current.cookieSecret, previous.cookieSecret] : [current.cookieSecret],
    encrypt: (plain) => current.encrypt(plain),
    decrypt(sealed) {
      try {
        return current.decrypt(sealed);
      } catch (error) {
        const plain = openWithPrevious(sealed);
        if (plain === null) throw error;
        return plain;
      }
    },
    reseal(sealed) {
      try {
        current.decrypt(sealed);
        return null;
      } catch {
        const plain = openWithPrevious(sealed);
        return plain === null ? null : current.encrypt(plain);
      }
    },
  };
}
