import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_BOOT_SCRIPT } from '@promptpair/contract';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The one inline script the pages carry (the colour theme, set before the first paint), allowed by
 * its hash: any other inline script, or a changed one, is still refused.
 */
export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/** Strict CSP for the SPA (SECURITY.md): everything from our own origin, no framing. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", THEME_BOOT_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets, collected once from a response that only records them. */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Helmet's security headers on every answer. They depend on no request, so they are worked out
 * once at start; @fastify/helmet built helmet anew (directives parsed, names dashed) on every
 * request, which the profile showed as a fair share of a comparison's CPU.
 */
export const securityHeadersPlugin = fp(
  (app, _options, done) => {
    const headers = helmetHeaders();
    app.addHook('onRequest', (_request, reply, next) => {
      void reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
