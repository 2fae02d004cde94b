/** APP_KEY and APP_KEY_PREVIOUS carry at least this much key material (docs/decisions.md, "APP_KEY length"). */
export const APP_KEY_MIN_BYTES = 32;

/**
 * The bytes of key material a text holds, read as the encoding it is written in: hex (two characters
 * a byte, as `openssl rand -hex 32` writes), base64 or base64url (four characters for three bytes,
 * as the key generated into DATA_DIR is written), anything else as its UTF-8 bytes.
 */
export function keyMaterialBytes(key: string): number {
  if (/^(?:[0-9a-f]{2})+$/i.test(key)) return key.length / 2;
  const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/.exec(key);
  if (base64) return Math.floor((key.replace(/=+$/, '').length * 3) / 4);
  return Buffer.byteLength(key, 'utf8');
}

/** What to do about a key that is too short, said once for both variables. */
export const SHORT_APP_KEY_MESSAGE =
  `is too short: it must carry at least ${APP_KEY_MIN_BYTES} bytes of key material ` +
  `(64 hex characters, 43 base64 characters, or ${APP_KEY_MIN_BYTES} bytes of other text); make one with \`openssl rand -hex 32\``;
