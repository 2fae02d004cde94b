import { MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { aComparison, aResult } from '../../../test/fetch-mock.ts';
import { comparisonReducer, initialComparisonState, isInFlight, sideView, type ComparisonAction, type ComparisonState } from './stream-state.ts';

const play = (actions: readonly ComparisonAction[], from: ComparisonState = initialComparisonState) => actions.reduce(comparisonReducer, from);

const SENT_AT = 1000;
const sent: ComparisonAction = { type: 'sent', at: SENT_AT };
const started: ComparisonAction = { type: 'started', logId: 'log-1' };

describe('comparisonReducer', () => {
  it('waits after sending, and streams once the server has accepted', () => {
    const waiting = play([sent]);
    expect(waiting.run?.status).toBe('waiting');
    expect(isInFlight(waiting.run)).toBe(true);
    expect(sideView(waiting.run, 'chatGPT')).toEqual({ kind: 'waiting' });
    const streaming = play([started], waiting);
    expect(streaming.run).toMatchObject({ status: 'streaming', logId: 'log-1' });
  });

  it('appends each side’s deltas to its own text and notes when its first text came', () => {
    const state = play([
      sent,
      started,
      { type: 'delta', side: 'chatGPT', text: 'Hel', at: 1400 },
      { type: 'delta', side: 'palmAPI', text: 'Bon', at: 1900 },
      { type: 'delta', side: 'chatGPT', text: 'lo', at: 1500 },
    ]);
    expect(sideView(state.run, 'chatGPT')).toEqual({ kind: 'writing', text: 'Hello' });
    expect(sideView(state.run, 'palmAPI')).toEqual({ kind: 'writing', text: 'Bon' });
    expect(state.run?.sides.chatGPT.firstTextAt).toBe(1400);
  });

  it('takes a side’s result from its done event, whose message wins over the deltas', () => {
    const result = aResult({ message: 'Hello world', timeToFirstToken: 0.3 });
    const state = play([sent, started, { type: 'delta', side: 'chatGPT', text: 'Hello', at: 1100 }, { type: 'side-done', side: 'chatGPT', result }]);
    expect(sideView(state.run, 'chatGPT')).toEqual({ kind: 'final', result });
    expect(state.run?.sides.chatGPT.text).toBe('Hello world');
    expect(isInFlight(state.run)).toBe(true);
  });

  it('completes on end once both sides are done', () => {
    const state = play([
      sent,
      started,
      { type: 'side-done', side: 'chatGPT', result: aResult() },
      { type: 'side-done', side: 'palmAPI', result: aResult() },
      { type: 'ended', logId: 'log-1' },
    ]);
    expect(state.run).toMatchObject({ status: 'complete', logId: 'log-1' });
    expect(isInFlight(state.run)).toBe(false);
  });

  it('an end with a side still open fails that side only', () => {
    const done = aResult({ message: 'Finished.' });
    const state = play([sent, started, { type: 'side-done', side: 'chatGPT', result: done }, { type: 'ended', logId: 'log-1' }]);
    expect(state.run?.status).toBe('failed');
    expect(sideView(state.run, 'chatGPT')).toEqual({ kind: 'final', result: done });
    expect(state.run?.sides.palmAPI.result?.errorMsg).toBe(MESSAGES.streamInterrupted);
  });

  it('Stop keeps what arrived on each unfinished side, marked stopped and timed on the page', () => {
    const finished = aResult({ message: 'Done.' });
    const state = play([
      sent,
      started,
      { type: 'delta', side: 'chatGPT', text: 'Part', at: 1250 },
      { type: 'side-done', side: 'palmAPI', result: finished },
      { type: 'stopped', at: 3000 },
    ]);
    expect(state.run).toMatchObject({ status: 'stopped', logId: 'log-1' });
    expect(state.run?.sides.chatGPT.result).toEqual({
      message: 'Part',
      tokens: null,
      rawOutput: null,
      errorMsg: null,
      elapsedTime: 2,
      timeToFirstToken: 0.25,
      stopped: true,
    });
    expect(state.run?.sides.palmAPI.result).toBe(finished);
  });

  it('Stop before any text leaves no message; later events change nothing', () => {
    const stopped = play([sent, { type: 'stopped', at: 1500 }]);
    expect(stopped.run?.sides.chatGPT.result).toMatchObject({ message: null, stopped: true, timeToFirstToken: null });
    const after = play([started, { type: 'delta', side: 'chatGPT', text: 'late', at: 1600 }, { type: 'ended', logId: 'x' }], stopped);
    expect(after).toBe(stopped);
  });

  it('a failure shows its message on the unfinished sides, keeping the text that had arrived', () => {
    const state = play([
      sent,
      started,
      { type: 'side-done', side: 'chatGPT', result: aResult() },
      { type: 'delta', side: 'palmAPI', text: 'So far', at: 1200 },
      { type: 'failed', message: 'Server down.' },
    ]);
    expect(state.run?.status).toBe('failed');
    expect(state.run?.sides.chatGPT.result?.errorMsg).toBeNull();
    expect(state.run?.sides.palmAPI.result).toMatchObject({ errorMsg: 'Server down.', message: 'So far' });
    const untouched = play([sent, started, { type: 'failed', message: 'Server down.' }]);
    expect(untouched.run?.sides.chatGPT.result).toMatchObject({ errorMsg: 'Server down.', message: null });
  });

  it('a refusal brings back the comparison shown before', () => {
    const first = play([sent, { type: 'answered', response: aComparison() }]);
    const refused = play([{ type: 'sent', at: 5000 }, { type: 'refused' }], first);
    expect(refused.run).toBe(first.run);
    expect(refused.run?.status).toBe('complete');
  });

  it('a refusal of the first comparison goes back to nothing', () => {
    expect(play([sent, { type: 'refused' }]).run).toBeNull();
    expect(sideView(null, 'chatGPT')).toEqual({ kind: 'idle' });
  });

  it('a whole JSON answer fills both sides at once', () => {
    const response = aComparison();
    const state = play([sent, { type: 'answered', response }]);
    expect(state.run).toMatchObject({ status: 'complete', logId: response.logId });
    expect(sideView(state.run, 'palmAPI')).toEqual({ kind: 'final', result: response.palmAPI });
  });
});
