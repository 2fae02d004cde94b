import { COOKIE_NAMES, XSRF_HEADER } from '@promptpair/contract';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A visitor over real HTTP with its own cookie jar. `browser` adds the Origin header a browser
 * sends and echoes the XSRF cookie as the web client does; `ip` speaks through X-Forwarded-For.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    private readonly options: { browser?: boolean; ip?: string } = {},
  ) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const response = await this.send(method, path, body, headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML page, say): keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** The request as sent, cookies kept, the answer's body left unread (for event streams). */
  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    const sent: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) sent.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.options.ip) sent['x-forwarded-for'] = this.options.ip;
    if (this.options.browser) {
      sent.origin = this.baseUrl;
      const xsrf = this.cookies.get(COOKIE_NAMES.xsrf);
      if (xsrf) sent[XSRF_HEADER] = decodeURIComponent(xsrf);
    }
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      sent['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers: sent, body: payload, signal });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
