import { createHash } from 'node:crypto';
import { API_ROUTES, COOKIE_NAMES, MESSAGES, THEME_BOOT_SCRIPT } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { VISITOR_COOKIE } from './visitor.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('visitor cookie', () => {
  it('is signed, HttpOnly, SameSite=Lax and lives at the site root', async () => {
    const { headers } = await server.client().get(API_ROUTES.session);
    const visitor = headers.getSetCookie().find((line) => line.startsWith(`${VISITOR_COOKIE}=`));
    expect(visitor).toMatch(/HttpOnly/i);
    expect(visitor).toMatch(/SameSite=Lax/i);
    expect(visitor).toMatch(/Path=\//);
    expect(visitor).toMatch(/^pp_vid=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_%+/=-]+;/);
  });

  it('ignores a forged visitor id and hands out a new one', async () => {
    const client = server.client();
    client.cookies.set(VISITOR_COOKIE, 'AAAAAAAAAAAAAAAAAAAAAA.forged');
    const { headers } = await client.get(API_ROUTES.session);
    expect(headers.getSetCookie().some((line) => line.startsWith(`${VISITOR_COOKIE}=`))).toBe(true);
  });
});

describe('CSRF', () => {
  it('gives the page a readable XSRF-TOKEN cookie at the site root', async () => {
    const { headers } = await server.client().get(API_ROUTES.session);
    const xsrf = headers.getSetCookie().find((line) => line.startsWith(`${COOKIE_NAMES.xsrf}=`));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/Path=\//);
  });

  it('refuses a browser POST without the echoed token', async () => {
    const client = server.client();
    await client.get(API_ROUTES.session);
    const { status, body } = await client.post(API_ROUTES.getChatData, { prompt: 'hi' }, { origin: 'https://evil.example' });
    expect(status).toBe(403);
    expect(body).toEqual({ message: MESSAGES.csrfFailed, code: 'csrf_failed' });
  });

  it('accepts a browser POST that echoes the token', async () => {
    const client = server.client({ browser: true });
    await client.get(API_ROUTES.session);
    expect((await client.post(API_ROUTES.getChatData, { prompt: 'hi' })).status).toBe(200);
  });

  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) call the API', async () => {
    expect((await server.client().post(API_ROUTES.getChatData, { prompt: 'from a script' })).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await server.client().get('/api/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ message: MESSAGES.notFound, code: 'not_found' });
  });

  it('answers the session with the configured cap and no demo mode', async () => {
    const { status, body, headers } = await server.client().get(API_ROUTES.session);
    expect(status).toBe(200);
    expect(body).toEqual({ freePrompts: 5, freePromptsLeft: 5, demoMode: false, subscribed: false });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('sets security headers', async () => {
    const { headers } = await server.client().get(API_ROUTES.session);
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    // Inline script: only the theme's boot script, by the hash of its text; never 'unsafe-inline'.
    const scriptSrc = /script-src ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];
    const bootHash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${bootHash}'`);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });
});
