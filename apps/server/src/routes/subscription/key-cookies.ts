import { COOKIE_NAMES, COOKIE_PATH } from '@promptpair/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Browsers cap cookie lifetime at 400 days. */
const MAX_AGE_S = 400 * 24 * 3600;

/**
 * docs/product.md §4: the page prefills saved keys when a chatgptKey or palmapiKey cookie exists, so the
 * page must be able to read them (not HttpOnly). They hold only the flag "1": the keys stay on
 * the server, and the page asks GET /api/get-api-key for their masked form.
 */
export function setKeyCookies(request: FastifyRequest, reply: FastifyReply): void {
  const options = { path: COOKIE_PATH, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: MAX_AGE_S };
  void reply.setCookie(COOKIE_NAMES.chatgptKey, '1', options);
  void reply.setCookie(COOKIE_NAMES.palmapiKey, '1', options);
}

/** When the visitor has no subscription (any more), the page should stop asking. */
export function clearKeyCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [COOKIE_NAMES.chatgptKey, COOKIE_NAMES.palmapiKey]) {
    if (request.cookies[name] !== undefined) void reply.clearCookie(name, { path: COOKIE_PATH });
  }
}
