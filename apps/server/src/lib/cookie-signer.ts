import { Signer, type UnsignResult } from '@fastify/cookie';

/** Signed cookies whose check is remembered; each visitor sends the same two (visitor id, CSRF secret) with every request. */
const REMEMBERED = 10_000;

/**
 * @fastify/cookie's signer (HMAC-SHA256, signing with the first secret, accepting any during an
 * APP_KEY rotation) that remembers which signed values it found valid, so a returning visitor's
 * cookies are not hashed again on every request. Only valid values are kept (a value someone made
 * up is checked every time and never fills the memory), the least recently used dropped past the
 * bound; a hit needs the exact signed text, MAC included, so it tells nothing a check would not.
 */
export function rememberingSigner(secrets: string[], remembered = REMEMBERED): { sign(value: string): string; unsign(signedValue: string): UnsignResult } {
  const signer = new Signer(secrets, 'sha256');
  const valid = new Map<string, UnsignResult>();
  return {
    sign: (value: string) => signer.sign(value),
    unsign(signedValue: string) {
      const known = valid.get(signedValue);
      if (known) {
        valid.delete(signedValue);
        valid.set(signedValue, known);
        return { ...known };
      }
      const result = signer.unsign(signedValue);
      if (result.valid) {
        valid.set(signedValue, { ...result });
        if (valid.size > remembered) valid.delete(valid.keys().next().value!);
      }
      return result;
    },
  };
}
