import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The anonymous visitor behind this request, from the signed visitor cookie. */
    visitorId: string;
  }
}

export const VISITOR_COOKIE = 'pp_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
/** Browsers cap cookie lifetime at 400 days. */
const VISITOR_MAX_AGE_S = 400 * 24 * 3600;

/** Gives the browser a new visitor id (also after it deleted all its data: routes/my-data). */
export function startNewVisitor(request: FastifyRequest, reply: FastifyReply): void {
  setVisitorCookie(request, reply, randomBytes(16).toString('base64url'));
}

function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, visitorId: string): void {
  request.visitorId = visitorId;
  void reply.setCookie(VISITOR_COOKIE, request.visitorId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: VISITOR_MAX_AGE_S,
  });
}

/**
 * Every request gets a visitor: the signed, HttpOnly cookie names it, or a new one is made.
 * Signing means a visitor cannot pick another's id; HttpOnly keeps page scripts away from it.
 */
export const visitorPlugin = fp(
  (app) => {
    app.decorateRequest('visitorId', '');
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.probe) return done();
      const raw = request.cookies[VISITOR_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (unsigned?.valid && unsigned.value && VISITOR_ID.test(unsigned.value)) {
        request.visitorId = unsigned.value;
        // Signed under APP_KEY_PREVIOUS: signed again under APP_KEY, so the rotation can end.
        if (unsigned.renew) setVisitorCookie(request, reply, unsigned.value);
      } else {
        startNewVisitor(request, reply);
      }
      done();
    });
  },
  { name: 'visitor', dependencies: ['@fastify/cookie'] },
);
