// The live section's load: streamed comparisons arriving at a steady rate, each read as a browser
// tab reads it, until its end. How many are live at once is the rate times how long each streams.
import { Agent, request } from 'node:http';
import { API_ROUTES, STREAM_CONTENT_TYPE, STREAM_EVENTS } from '@promptpair/contract';
import { percentile } from '../report.ts';

export interface ArrivalPlan {
  /** New comparisons a second. */
  perSecond: number;
  /** Arrivals before the measured window: long enough for the first ones to be near their end. */
  rampS: number;
  /** The measured window: first pieces are sampled from comparisons that start in it. */
  holdS: number;
  /** A comparison still open after this long is ended and counted as an error. */
  timeoutMs: number;
}

export type ErrorKind = 'status' | 'network' | 'incomplete' | 'timeout';

export interface ArrivalsResult {
  started: number;
  completed: number;
  errors: Record<ErrorKind, number>;
  /** From sending the request to reading the first `delta` event, comparisons started in the window. */
  firstPieceMs: number[];
  peakLive: number;
  /** Live comparisons, sampled every 250 ms over the window. */
  liveInWindow: number[];
}

/** Counts a pattern across the chunks of a stream without keeping the stream: the carry holds a pattern's length less one. */
export class PatternCounter {
  private carry = '';
  count = 0;
  constructor(private readonly pattern: string) {}
  feed(chunk: string): number {
    const text = this.carry + chunk;
    let found = 0;
    for (let at = text.indexOf(this.pattern); at !== -1; at = text.indexOf(this.pattern, at + this.pattern.length)) found++;
    this.carry = this.pattern.length > 1 ? text.slice(-(this.pattern.length - 1)) : '';
    this.count += found;
    return found;
  }
}

const event = (name: string) => `event: ${name}\n`;

/** One streamed comparison: resolves with the time to its first piece, or the kind of error it met. */
function streamOne(url: URL, agent: Agent, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ firstPieceMs?: number; error?: ErrorKind }> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: { firstPieceMs?: number; error?: ErrorKind }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let firstPieceMs: number | undefined;
    const req = request(url, { agent, method: 'POST', headers: { ...headers, accept: STREAM_CONTENT_TYPE, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return finish({ error: 'status' });
      }
      const [delta, done, failed] = [STREAM_EVENTS.delta, STREAM_EVENTS.done, STREAM_EVENTS.error].map((name) => new PatternCounter(event(name)));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (delta!.feed(chunk) > 0) firstPieceMs ??= performance.now() - startedAt;
        done!.feed(chunk);
        failed!.feed(chunk);
      });
      res.on('end', () => finish(done!.count === 2 && failed!.count === 0 && firstPieceMs !== undefined ? { firstPieceMs } : { error: 'incomplete' }));
      res.on('error', () => finish({ error: 'network' }));
    });
    const timer = setTimeout(() => {
      finish({ error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => finish({ error: 'network' }));
    req.end(body);
  });
}

/**
 * Starts comparisons at `perSecond` for rampS + holdS seconds, each due at its own time from the
 * start (a late timer starts the ones it missed at once, so the rate holds on a busy machine), and
 * waits for every one to end. Comparison i comes from visitors[i mod visitors.length].
 */
export async function runArrivals(baseUrl: string, visitors: Record<string, string>[], body: string, plan: ArrivalPlan): Promise<ArrivalsResult> {
  const url = new URL(API_ROUTES.getChatData, baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: Infinity });
  const result: ArrivalsResult = { started: 0, completed: 0, errors: { status: 0, network: 0, incomplete: 0, timeout: 0 }, firstPieceMs: [], peakLive: 0, liveInWindow: [] };
  const total = Math.round(plan.perSecond * (plan.rampS + plan.holdS));
  const windowFrom = Math.round(plan.perSecond * plan.rampS);
  let live = 0;
  const running: Promise<void>[] = [];
  const startedAt = performance.now();
  const launch = (index: number) => {
    live++;
    result.started++;
    result.peakLive = Math.max(result.peakLive, live);
    running.push(
      streamOne(url, agent, visitors[index % visitors.length]!, body, plan.timeoutMs).then(({ firstPieceMs, error }) => {
        live--;
        if (error) result.errors[error]++;
        else result.completed++;
        if (firstPieceMs !== undefined && !error && index >= windowFrom) result.firstPieceMs.push(firstPieceMs);
      }),
    );
  };
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * plan.perSecond) + 1);
      while (next < due) launch(next++);
      if (next >= total) {
        clearInterval(tick);
        clearInterval(sampler);
        resolve();
      }
    }, 5);
    const sampler = setInterval(() => {
      if (next >= windowFrom) result.liveInWindow.push(live);
    }, 250);
  });
  await Promise.all(running);
  agent.destroy();
  return result;
}

/** p50 and p99 of a list of samples; NaN when there are none. */
export const p50p99 = (samples: number[]) => ({ p50: percentile(samples, 50), p99: percentile(samples, 99) });
