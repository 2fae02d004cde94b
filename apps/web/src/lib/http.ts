import { COOKIE_NAMES, XSRF_HEADER } from '@promptpair/contract';
import { readCookie } from './cookies.ts';

/** The server answered outside 2xx. `body` is the parsed JSON answer (or its text). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`HTTP ${status} from ${path}`);
  }
}

/** No answer at all (offline, refused, aborted): status is null so callers can tell it apart. */
export class NoResponseError extends Error {
  override readonly name = 'NoResponseError';
  readonly status = null;
  readonly body = undefined;
  constructor(path: string, cause: unknown) {
    super(`No response from ${path}`, { cause });
  }
}

export type RequestError = HttpError | NoResponseError;

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof HttpError || error instanceof NoResponseError;
}

export interface RequestOptions<T> {
  /** Checks the answer's shape, e.g. a contract schema's `parse`; without it the JSON is trusted. */
  parse?: (data: unknown) => T;
  /** docs/product.md §7: no timeout by default; pass a signal to cancel or to add one. */
  signal?: AbortSignal;
  /** Sees the successful response's headers (e.g. a paging cursor) before the body is returned. */
  onHeaders?: (headers: Headers) => void;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(method: string, path: string, body: unknown, accept: string, signal: AbortSignal | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // Double-submit CSRF (docs/product.md §7): the server compares this header with its own cookie.
  const xsrf = readCookie(COOKIE_NAMES.xsrf);
  if (xsrf !== null) headers[XSRF_HEADER] = xsrf;
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions<T>): Promise<T> {
  let response: Response;
  let data: unknown;
  try {
    response = await send(method, path, body, 'application/json', options.signal);
    data = await readBody(response);
  } catch (cause) {
    throw new NoResponseError(path, cause);
  }
  if (!response.ok) throw new HttpError(response.status, data, path);
  options.onHeaders?.(response.headers);
  return options.parse ? options.parse(data) : (data as T);
}

/**
 * POSTs like `http.post` but hands back the successful response unread, for a body that arrives
 * over time (server-sent events). Refusals are read and thrown as `HttpError` as usual.
 */
async function postForStream(path: string, body: unknown, accept: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await send('POST', path, body, accept, signal);
    if (!response.ok) throw new HttpError(response.status, await readBody(response), path);
  } catch (cause) {
    if (cause instanceof HttpError) throw cause;
    throw new NoResponseError(path, cause);
  }
  return response;
}

/** The one HTTP client of the web app: JSON in and out, same-origin cookies, XSRF echoed. */
export const http = {
  get: <T = unknown>(path: string, options: RequestOptions<T> = {}) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body: unknown, options: RequestOptions<T> = {}) => request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body: unknown, options: RequestOptions<T> = {}) => request<T>('PUT', path, body, options),
  delete: <T = unknown>(path: string, options: RequestOptions<T> = {}) => request<T>('DELETE', path, undefined, options),
  postForStream,
};
