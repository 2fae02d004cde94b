import { COOKIE_NAMES, XSRF_HEADER } from '@promptpair/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, http, isRequestError, NoResponseError } from './http.ts';

const fetchMock = vi.fn<typeof fetch>();

function lastCall() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('http client', () => {
  it('echoes the XSRF-TOKEN cookie, decoded, in X-XSRF-TOKEN and sends JSON with same-origin credentials', async () => {
    document.cookie = `${COOKIE_NAMES.xsrf}=${encodeURIComponent('abc/def+=')}; path=/`;
    fetchMock.mockResolvedValue(Response.json({ ok: true }));

    const answer = await http.post('/api/shareLink', { logId: '7' });

    expect(answer).toEqual({ ok: true });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/shareLink');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"logId":"7"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers[XSRF_HEADER]).toBe('abc/def+=');
    // docs/product.md §7: no timeout unless the caller asks for one.
    expect(init.signal).toBeUndefined();
  });

  it('sends no XSRF header while the cookie does not exist, and no body on GET', async () => {
    fetchMock.mockResolvedValue(Response.json(['a']));
    await http.get('/api/list-models-chatgpt');
    const { init, headers } = lastCall();
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers).not.toHaveProperty(XSRF_HEADER);
    expect(headers).not.toHaveProperty('Content-Type');
  });

  it('treats every 2xx as success, including an empty 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(http.post('/api/contact-us', {})).resolves.toBeUndefined();
    fetchMock.mockResolvedValue(Response.json({ created: true }, { status: 201 }));
    await expect(http.post('/api/key', {})).resolves.toEqual({ created: true });
  });

  it('throws HttpError with the status and parsed body outside 2xx', async () => {
    const body = { message: 'The given data was invalid.', errors: { email: ['Bad email.'] } };
    fetchMock.mockResolvedValue(Response.json(body, { status: 422 }));

    const error: unknown = await http.post('/api/key', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(isRequestError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, body });
  });

  it('keeps a non-JSON error body as text', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    await expect(http.get('/api/session')).rejects.toMatchObject({ status: 502, body: 'Bad gateway' });
  });

  it('throws a NoResponseError with status null when no answer arrives', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error: unknown = await http.get('/api/session').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NoResponseError);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: null, cause });
  });

  it('runs the parse function on success so a wrong shape fails loudly', async () => {
    fetchMock.mockResolvedValue(Response.json({ url: 'x' }));
    const parse = vi.fn((data: unknown) => data as { url: string });
    await expect(http.post('/api/shareLink', { logId: '1' }, { parse })).resolves.toEqual({ url: 'x' });
    expect(parse).toHaveBeenCalledWith({ url: 'x' });
  });
});
