// Writes a streamed answer event by event, at a simulated model's pace, and records how it ended.
import { setTimeout as delay, setImmediate as yieldToLoop } from 'node:timers/promises';
import { writeEvent } from './http-io.ts';
import type { ApiCall } from './server-state.ts';
import type { Scenario, StreamOutcome } from './types.ts';

/**
 * In a streamed answer's text, this marker becomes the moment the piece carrying it was written
 * (epoch milliseconds, three decimals): the benchmark reads it to time the way from the upstream to
 * the browser. Put it in with a scripted `text`.
 */
export const WRITE_TIME_MARKER = '@@T@@';

function withWriteTime(data: unknown): unknown {
  if (typeof data === 'string') return data;
  const json = JSON.stringify(data);
  if (!json.includes(WRITE_TIME_MARKER)) return data;
  const writtenAt = (performance.timeOrigin + performance.now()).toFixed(3);
  return json.replaceAll(WRITE_TIME_MARKER, () => writtenAt);
}

export interface PacedEvent {
  /** SSE data: JSON, or a string sent verbatim (`[DONE]`). */
  data: unknown;
  /** Tokens this event adds: the pause after it is tokens / tokensPerSecond. */
  tokens: number;
  /** The SSE event name, for services that name their events (Anthropic); none for OpenAI and Gemini. */
  event?: string;
}

/** The pace of one call: a scripted or typed scenario's rate wins over the simulator's default for the service. */
function paceFor(call: ApiCall, scenario: Scenario | undefined): { tokensPerSecond?: number; firstTokenMs: number } {
  const pace = call.state.options.streamPace[call.service];
  return { tokensPerSecond: scenario?.tokensPerSecond ?? pace?.tokensPerSecond, firstTokenMs: pace?.firstTokenMs ?? 0 };
}

/**
 * Sends `events` on an already started event stream. Without a pace each event only yields to the
 * event loop (tests stay fast); with one, the pauses add up to what a model writing that fast would
 * take, however late the timers fire. `cutAfter` drops the connection with a TCP reset after that
 * many events, as an upstream that dies mid-answer does. A client that goes away ends the loop at once, and is recorded as such.
 */
export async function writePacedEvents(call: ApiCall, events: PacedEvent[], scenario: Scenario | undefined): Promise<void> {
  const { res } = call;
  const outcome = recordOutcome(call);
  const { tokensPerSecond, firstTokenMs } = paceFor(call, scenario);
  const clientGone = new AbortController();
  const onClose = (): void => clientGone.abort();
  res.once('close', onClose);
  try {
    if (firstTokenMs > 0) await delay(firstTokenMs, undefined, { signal: clientGone.signal });
    // Each piece is due at a time set from the start, not after the previous pause: on a busy
    // machine timers fire late, and pause after pause the lateness would add up to seconds.
    let dueAt = performance.now();
    for (const [index, event] of events.entries()) {
      if (res.destroyed) return;
      writeEvent(res, withWriteTime(event.data), event.event);
      if (scenario?.cutAfter !== undefined && index + 1 >= scenario.cutAfter) {
        outcome.ending = 'cut';
        res.socket?.resetAndDestroy();
        return;
      }
      if (tokensPerSecond) dueAt += (event.tokens / tokensPerSecond) * 1000;
      const pauseMs = dueAt - performance.now();
      if (pauseMs > 0) await delay(pauseMs, undefined, { signal: clientGone.signal });
      else await yieldToLoop();
    }
    outcome.ending = 'completed';
    res.end();
  } catch {
    // The pause was cut short by the client leaving: recorded by the close listener below.
  } finally {
    res.off('close', onClose);
  }
}

function recordOutcome(call: ApiCall): StreamOutcome {
  const outcome: StreamOutcome = { service: call.service, ending: 'in-progress', at: Date.now() };
  call.state.streams.push(outcome);
  if (call.state.streams.length > 1000) call.state.streams.shift();
  call.res.once('close', () => {
    if (outcome.ending === 'in-progress') outcome.ending = 'client-closed';
  });
  return outcome;
}

