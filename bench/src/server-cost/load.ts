// One visitor, primed like a browser (cookies from /api/session, the XSRF token echoed, an Origin),
// sending comparisons from autocannon at a number of connections.
import { API_ROUTES, COOKIE_NAMES, XSRF_HEADER } from '@promptpair/contract';
import autocannon from 'autocannon';
import { httpRequest } from './processes.ts';

export const COMPARISON_BODY = JSON.stringify({ prompt: 'How much does the server itself spend on a comparison?' });

/** The headers a browser tab sends with a comparison, after loading the page once. */
export async function primeVisitor(url: string): Promise<Record<string, string>> {
  const session = await httpRequest(`${url}${API_ROUTES.session}`);
  if (session.status !== 200) throw new Error(`GET ${API_ROUTES.session} answered ${session.status}`);
  const setCookies = [session.headers['set-cookie'] ?? []].flat();
  const cookies = new Map(setCookies.map((line) => line.split(';')[0]!.split('=') as [string, string]));
  const xsrf = cookies.get(COOKIE_NAMES.xsrf);
  if (!xsrf) throw new Error(`GET ${API_ROUTES.session} set no ${COOKIE_NAMES.xsrf} cookie`);
  return {
    'content-type': 'application/json',
    origin: url,
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    [XSRF_HEADER.toLowerCase()]: decodeURIComponent(xsrf),
  };
}

/** One comparison, checked: both sides answered. Throws with the answer otherwise. */
export async function checkOneComparison(url: string, headers: Record<string, string>): Promise<void> {
  const answer = await httpRequest(`${url}${API_ROUTES.getChatData}`, 'POST', headers, COMPARISON_BODY);
  const body = answer.status === 200 ? (JSON.parse(answer.text) as { chatGPT?: { message?: unknown }; palmAPI?: { message?: unknown } }) : undefined;
  if (typeof body?.chatGPT?.message !== 'string' || typeof body.palmAPI?.message !== 'string') {
    throw new Error(`${url}: a comparison did not answer both sides (${answer.status}: ${answer.text.slice(0, 300)})`);
  }
}

export interface LoadResult {
  comparisons: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Failed connections and non-2xx answers, timeouts not included. */
  errors: number;
  timeouts: number;
}

export async function runLoad(url: string, headers: Record<string, string>, connections: number, durationS: number): Promise<LoadResult> {
  const result = await autocannon({
    url: `${url}${API_ROUTES.getChatData}`,
    method: 'POST',
    headers,
    body: COMPARISON_BODY,
    connections,
    duration: durationS,
    timeout: 10,
  });
  const comparisons = result['2xx'];
  return {
    comparisons,
    perSecond: comparisons / durationS,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors - result.timeouts + result.non2xx,
    timeouts: result.timeouts,
  };
}
