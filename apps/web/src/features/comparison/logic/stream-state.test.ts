import { MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { aComparison, aResult } from '../../../test/fetch-mock.ts';
import { bySide } from '../../../lib/spec-sides.ts';
import { comparisonReducer, initialComparisonState, isInFlight, sideView, type ComparisonAction, type ComparisonState, type SidesAnswer } from './stream-state.ts';

const play = (actions: readonly ComparisonAction[], from: ComparisonState = initialComparisonState) => actions.reduce(comparisonReducer, from);

/** A spec-shaped answer as the stream's reader hands it on: by side. */
const answerOf = (response: ReturnType<typeof aComparison>): SidesAnswer => ({ ...bySide(response), logId: response.logId });

const SENT_AT = 1000;
const sent: ComparisonAction = { type: 'sent', at: SENT_AT };
const started: ComparisonAction = { type: 'started', logId: 'log-1' };

describe('comparisonReducer', () => {
  it('waits after sending, and streams once the server has accepted', () => {
    const waiting = play([sent]);
    expect(waiting.run?.status).toBe('waiting');
    expect(isInFlight(waiting.run)).toBe(true);
    expect(sideView(waiting.run, 'a')).toEqual({ kind: 'waiting' });
    const streaming = play([started], waiting);
    expect(streaming.run).toMatchObject({ status: 'streaming', logId: 'log-1' });
  });

  it('appends each side’s deltas to its own text and notes when its first text came', () => {
    const state = play([
      sent,
      started,
      { type: 'delta', side: 'a', text: 'Hel', at: 1400 },
      { type: 'delta', side: 'b', text: 'Bon', at: 1900 },
      { type: 'delta', side: 'a', text: 'lo', at: 1500 },
    ]);
    expect(sideView(state.run, 'a')).toEqual({ kind: 'writing', text: 'Hello' });
    expect(sideView(state.run, 'b')).toEqual({ kind: 'writing', text: 'Bon' });
    expect(state.run?.sides.a.firstTextAt).toBe(1400);
  });

  it('takes a side’s result from its done event, whose message wins over the deltas', () => {
    const result = aResult({ message: 'Hello world', timeToFirstToken: 0.3 });
    const state = play([sent, started, { type: 'delta', side: 'a', text: 'Hello', at: 1100 }, { type: 'side-done', side: 'a', result }]);
    expect(sideView(state.run, 'a')).toEqual({ kind: 'final', result });
    expect(state.run?.sides.a.text).toBe('Hello world');
    expect(isInFlight(state.run)).toBe(true);
  });

  it('completes on end once both sides are done', () => {
    const state = play([
      sent,
      started,
      { type: 'side-done', side: 'a', result: aResult() },
      { type: 'side-done', side: 'b', result: aResult() },
      { type: 'ended', logId: 'log-1' },
    ]);
    expect(state.run).toMatchObject({ status: 'complete', logId: 'log-1' });
    expect(isInFlight(state.run)).toBe(false);
  });

  it('an end with a side still open fails that side only', () => {
    const done = aResult({ message: 'Finished.' });
    const state = play([sent, started, { type: 'side-done', side: 'a', result: done }, { type: 'ended', logId: 'log-1' }]);
    expect(state.run?.status).toBe('failed');
    expect(sideView(state.run, 'a')).toEqual({ kind: 'final', result: done });
    expect(state.run?.sides.b.result?.errorMsg).toBe(MESSAGES.streamInterrupted);
  });

  it('Stop keeps what arrived on each unfinished side, marked stopped and timed on the page', () => {
    const finished = aResult({ message: 'Done.' });
    const state = play([
      sent,
      started,
      { type: 'delta', side: 'a', text: 'Part', at: 1250 },
      { type: 'side-done', side: 'b', result: finished },
      { type: 'stopped', at: 3000 },
    ]);
    expect(state.run).toMatchObject({ status: 'stopped', logId: 'log-1' });
    expect(state.run?.sides.a.result).toEqual({
      message: 'Part',
      tokens: null,
      rawOutput: null,
      errorMsg: null,
      elapsedTime: 2,
      timeToFirstToken: 0.25,
      stopped: true,
    });
    expect(state.run?.sides.b.result).toBe(finished);
  });

  it('Stop before any text leaves no message; later events change nothing', () => {
    const stopped = play([sent, { type: 'stopped', at: 1500 }]);
    expect(stopped.run?.sides.a.result).toMatchObject({ message: null, stopped: true, timeToFirstToken: null });
    const after = play([started, { type: 'delta', side: 'a', text: 'late', at: 1600 }, { type: 'ended', logId: 'x' }], stopped);
    expect(after).toBe(stopped);
  });

  it('a failure shows its message on the unfinished sides, keeping the text that had arrived', () => {
    const state = play([
      sent,
      started,
      { type: 'side-done', side: 'a', result: aResult() },
      { type: 'delta', side: 'b', text: 'So far', at: 1200 },
      { type: 'failed', message: 'Server down.' },
    ]);
    expect(state.run?.status).toBe('failed');
    expect(state.run?.sides.a.result?.errorMsg).toBeNull();
    expect(state.run?.sides.b.result).toMatchObject({ errorMsg: 'Server down.', message: 'So far' });
    const untouched = play([sent, started, { type: 'failed', message: 'Server down.' }]);
    expect(untouched.run?.sides.a.result).toMatchObject({ errorMsg: 'Server down.', message: null });
  });

  it('a refusal brings back the comparison shown before', () => {
    const first = play([sent, { type: 'answered', response: answerOf(aComparison()) }]);
    const refused = play([{ type: 'sent', at: 5000 }, { type: 'refused' }], first);
    expect(refused.run).toBe(first.run);
    expect(refused.run?.status).toBe('complete');
  });

  it('a refusal of the first comparison goes back to nothing', () => {
    expect(play([sent, { type: 'refused' }]).run).toBeNull();
    expect(sideView(null, 'a')).toEqual({ kind: 'idle' });
  });

  it('a whole JSON answer fills both sides at once', () => {
    const response = answerOf(aComparison());
    const state = play([sent, { type: 'answered', response }]);
    expect(state.run).toMatchObject({ status: 'complete', logId: response.logId });
    expect(sideView(state.run, 'a')).toEqual({ kind: 'final', result: response.a });
    expect(sideView(state.run, 'b')).toEqual({ kind: 'final', result: response.b });
  });
});
