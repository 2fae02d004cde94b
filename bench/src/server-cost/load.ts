// One visitor, primed like a browser (cookies from /api/session, the XSRF token echoed, an Origin),
// sending comparisons from autocannon at a number of connections.
import { API_ROUTES, COOKIE_NAMES, STREAM_CONTENT_TYPE, STREAM_EVENTS, XSRF_HEADER } from '@promptpair/contract';
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

/** How comparisons are asked for: one JSON answer, or server-sent events as the page asks. */
export type ComparisonForm = 'json' | 'streamed';

const withForm = (headers: Record<string, string>, form: ComparisonForm) => (form === 'streamed' ? { ...headers, accept: STREAM_CONTENT_TYPE } : headers);

type SideAnswers = { chatGPT?: { message?: unknown }; palmAPI?: { message?: unknown } };

/** Each side's result from a streamed answer's `done` events. */
function sidesOfStream(text: string): SideAnswers {
  const sides: Record<string, { message?: unknown }> = {};
  for (const block of text.split('\n\n')) {
    if (!block.startsWith(`event: ${STREAM_EVENTS.done}\n`)) continue;
    const { side, result } = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { side: string; result: { message?: unknown } };
    sides[side] = result;
  }
  return sides;
}

/** One comparison, checked: both sides answered (in the streamed form, both `done` events held a message). Throws with the answer otherwise. */
export async function checkOneComparison(url: string, headers: Record<string, string>, form: ComparisonForm = 'json'): Promise<void> {
  const answer = await httpRequest(`${url}${API_ROUTES.getChatData}`, 'POST', withForm(headers, form), COMPARISON_BODY);
  const body = answer.status !== 200 ? undefined : form === 'streamed' ? sidesOfStream(answer.text) : (JSON.parse(answer.text) as SideAnswers);
  if (typeof body?.chatGPT?.message !== 'string' || typeof body.palmAPI?.message !== 'string') {
    throw new Error(`${url}: a ${form} comparison did not answer both sides (${answer.status}: ${answer.text.slice(0, 300)})`);
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

/** autocannon's latency is to the answer's last byte: for a streamed comparison, its `end` event. */
export async function runLoad(url: string, headers: Record<string, string>, connections: number, durationS: number, form: ComparisonForm = 'json'): Promise<LoadResult> {
  const result = await autocannon({
    url: `${url}${API_ROUTES.getChatData}`,
    method: 'POST',
    headers: withForm(headers, form),
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
