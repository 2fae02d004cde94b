import csrfProtection from '@fastify/csrf-protection';
import { COOKIE_NAMES, COOKIE_PATH } from '@promptpair/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Forged requests can only come from a victim's browser, and browsers mark every request with
 * Origin or Sec-Fetch-Site. Scripts and curl send neither and carry no ambient credentials worth
 * forging, so they need no token; a browser's unsafe request must echo the XSRF token.
 */
function comesFromBrowser(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;
}

/**
 * Double-submit protection (docs/product.md §7): the secret sits in a signed HttpOnly cookie; the page reads
 * the XSRF-TOKEN cookie made from it and echoes it in X-XSRF-TOKEN.
 */
export const csrfPlugin = fp(
  async (app) => {
    await app.register(csrfProtection, {
      cookieKey: '_csrf',
      cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: COOKIE_PATH },
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.probe) return done();
      if (!request.cookies[COOKIE_NAMES.xsrf] || !request.cookies._csrf) {
        void reply.setCookie(COOKIE_NAMES.xsrf, reply.generateCsrf({ secure: request.protocol === 'https' }), {
          path: COOKIE_PATH,
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
      }
      if (SAFE_METHODS.has(request.method) || !comesFromBrowser(request)) return done();
      app.csrfProtection(request, reply, done);
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
