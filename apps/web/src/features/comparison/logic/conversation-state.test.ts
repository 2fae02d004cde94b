import { MESSAGES, type Side, type TPairRequestInput, type TServiceResult } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { aResult } from '../../../test/fetch-mock.ts';
import { beginConversation, choicesFor, conversationReducer, conversationTotals, followUpBody, followUpKeys, isTurnRunning, type ConversationAction, type ConversationState } from './conversation-state.ts';
import { createDefaultSettings, type ComparisonSettings } from './settings-model.ts';
import { chooseService } from './settle-sides.ts';
import { comparisonReducer, initialComparisonState, type ComparisonAction, type Run } from './stream-state.ts';

const PAIR: TPairRequestInput = { prompt: 'Name a colour.', sides: { a: { service: 'claude' }, b: { service: 'router' } } };
const TITLES = { a: 'Claude · claude-haiku-4-5', b: 'Model Router · meta/llama-3' };

/** A first comparison played to its end; `conversation` as its `start` named it. */
function firstRun(events: readonly ComparisonAction[], options: { conversation?: boolean } = {}): Run {
  const named = options.conversation === false ? {} : { conversationId: 'conv-1', turn: 1 };
  const all: ComparisonAction[] = [{ type: 'sent', at: 0, request: PAIR, titles: TITLES }, { type: 'started', logId: 'conv-1', ...named }, ...events];
  return all.reduce(comparisonReducer, initialComparisonState).run as Run;
}

const done = (side: Side, result: Partial<TServiceResult>): ComparisonAction => ({ type: 'side-done', side, result: aResult(result) });
const bothAnswered = [
  done('a', { message: 'Blue.', tokens: 10, cost: 0.001 }),
  done('b', { message: 'Red.', tokens: 20, cost: 0.002 }),
  { type: 'ended', logId: 'conv-1' } as ComparisonAction,
];

const begin = (events: readonly ComparisonAction[] = bothAnswered) => beginConversation(firstRun(events)) as ConversationState;
const play = (state: ConversationState, actions: readonly ConversationAction[]) => actions.reduce(conversationReducer, state);
const run = (action: ConversationAction extends infer A ? (A extends { type: 'run'; action: infer R } ? R : never) : never): ConversationAction => ({ type: 'run', action });

/** A follow-up turn streamed to its end: `start` names turn `turn`, then each side's result. */
function followUp(state: ConversationState, turn: number, results: { a: Partial<TServiceResult>; b: Partial<TServiceResult> }, sent: Omit<Extract<ConversationAction, { type: 'sent' }>, 'type' | 'at'> = { prompt: 'And another?', choice: null }) {
  return play(state, [
    { type: 'sent', at: 10, ...sent },
    run({ type: 'started', logId: `log-${turn}`, conversationId: 'conv-1', turn }),
    run({ type: 'delta', side: 'a', text: 'Gr', at: 11 }),
    run({ type: 'side-done', side: 'a', result: aResult(results.a) }),
    run({ type: 'side-done', side: 'b', result: aResult(results.b) }),
    run({ type: 'ended', logId: `log-${turn}` }),
  ]);
}

describe('beginConversation', () => {
  it('begins with the first turn once it is over and the server named a conversation', () => {
    const state = begin();
    expect(state).toMatchObject({ id: 'conv-1', refusal: null });
    expect(state.turns).toHaveLength(1);
    expect(state.turns[0]).toMatchObject({ number: 1, prompt: 'Name a colour.', choice: null });
  });

  it('begins none for a comparison that named no conversation, is still running, failed or was not saved', () => {
    expect(beginConversation(firstRun(bothAnswered, { conversation: false }))).toBeNull();
    expect(beginConversation(firstRun([]))).toBeNull();
    expect(beginConversation(firstRun([{ type: 'failed', message: MESSAGES.streamInterrupted }]))).toBeNull();
    expect(beginConversation(firstRun([...bothAnswered.slice(0, 2), { type: 'ended', logId: null, unsaved: true }]))).toBeNull();
  });

  it('goes on after a stopped first turn: what arrived is logged', () => {
    expect(beginConversation(firstRun([{ type: 'stopped', at: 5 }]))).not.toBeNull();
  });
});

describe('conversationReducer', () => {
  it('adds each follow-up as a turn of its own, numbered by the server, earlier turns kept as they were', () => {
    const first = begin();
    const sent = play(first, [{ type: 'sent', at: 10, prompt: 'Another?', choice: null }]);
    expect(isTurnRunning(sent)).toBe(true);
    expect(sent.turns[1]).toMatchObject({ number: 2, prompt: 'Another?', run: { status: 'waiting', titles: TITLES } });
    const second = followUp(first, 2, { a: { message: 'Green.' }, b: { message: 'Yellow.' } });
    expect(second.turns).toHaveLength(2);
    expect(second.turns[0]).toBe(first.turns[0]);
    expect(second.turns[1]).toMatchObject({ number: 2, run: { status: 'complete', logId: 'log-2', conversation: { id: 'conv-1', turn: 2 } } });
    const third = followUp(second, 3, { a: { message: 'Pink.' }, b: { message: 'Grey.' } });
    expect(third.turns.map((turn) => turn.number)).toEqual([1, 2, 3]);
    expect(isTurnRunning(third)).toBe(false);
  });

  it('sends no second turn while one runs', () => {
    const sent = play(begin(), [{ type: 'sent', at: 10, prompt: 'One', choice: null }]);
    expect(play(sent, [{ type: 'sent', at: 11, prompt: 'Two', choice: null }])).toBe(sent);
  });

  it('keeps a regenerated turn’s number and asks the last message again', () => {
    const state = play(begin(), [{ type: 'sent', at: 10, choice: { kind: 'regenerate', side: 'b' } }]);
    expect(state.turns[1]).toMatchObject({ number: 1, prompt: 'Name a colour.', choice: { kind: 'regenerate', side: 'b' } });
  });

  it('stops the running turn alone, keeping what arrived', () => {
    const state = play(begin(), [
      { type: 'sent', at: 10, prompt: 'Go on', choice: null },
      run({ type: 'started', logId: 'log-2', conversationId: 'conv-1', turn: 2 }),
      run({ type: 'delta', side: 'a', text: 'Half', at: 12 }),
      run({ type: 'stopped', at: 20 }),
    ]);
    expect(state.turns[1]?.run.status).toBe('stopped');
    expect(state.turns[1]?.run.sides.a.result).toMatchObject({ message: 'Half', stopped: true });
    expect(state.turns[0]?.run.status).toBe('complete');
  });

  it('drops a refused turn and keeps the server’s message; the next send clears it', () => {
    const refused = play(begin(), [
      { type: 'sent', at: 10, prompt: 'Too long', choice: null },
      { type: 'refused', message: 'Side a’s conversation would pass its limit.' },
    ]);
    expect(refused.turns).toHaveLength(1);
    expect(refused.refusal).toBe('Side a’s conversation would pass its limit.');
    expect(play(refused, [{ type: 'sent', at: 11, prompt: 'Shorter', choice: null }]).refusal).toBeNull();
  });

  it('leaves the first turn to the main comparison', () => {
    const state = begin();
    expect(play(state, [run({ type: 'stopped', at: 3 }), { type: 'refused', message: 'No.' }])).toBe(state);
  });
});

describe('what each side may be chosen for', () => {
  it('allows all three after whole answers, none while a turn runs', () => {
    const state = begin();
    expect(choicesFor(state, 'a')).toEqual({ carry: true, only: true, regenerate: true });
    const running = play(state, [{ type: 'sent', at: 10, prompt: 'x', choice: null }]);
    expect(choicesFor(running, 'b')).toEqual({ carry: false, only: false, regenerate: false });
  });

  it('neither carries nor regenerates a failed or stopped answer: the server keeps none of it', () => {
    const state = followUp(begin(), 2, { a: { message: null, errorMsg: 'The service failed.' }, b: { message: 'Half', stopped: true } });
    expect(choicesFor(state, 'a')).toEqual({ carry: false, only: true, regenerate: false });
    expect(choicesFor(state, 'b')).toEqual({ carry: false, only: true, regenerate: false });
  });

  it('goes by the last turn: a side it did not ask has nothing to carry or regenerate', () => {
    const state = followUp(begin(), 2, { a: { message: 'Only me.' }, b: { message: null, skipped: true } }, { prompt: 'Just you', choice: { kind: 'only', side: 'a' } });
    expect(choicesFor(state, 'a')).toEqual({ carry: true, only: true, regenerate: true });
    expect(choicesFor(state, 'b')).toEqual({ carry: false, only: true, regenerate: false });
  });

  it('keeps the earlier answer when a regenerated try fails', () => {
    const state = followUp(followUp(begin(), 2, { a: { message: 'A2' }, b: { message: 'B2' } }), 2, { a: { message: null, skipped: true }, b: { message: null, errorMsg: 'Failed again.' } }, { choice: { kind: 'regenerate', side: 'b' } });
    expect(choicesFor(state, 'b')).toEqual({ carry: true, only: true, regenerate: true });
  });
});

describe('conversationTotals', () => {
  it('adds every answer of each side, regenerated ones too; errors and unasked turns add nothing', () => {
    let state = followUp(begin(), 2, { a: { message: 'A2', tokens: 5, cost: 0.0005 }, b: { message: null, errorMsg: 'Failed.', tokens: null } });
    state = followUp(state, 2, { a: { message: null, skipped: true, tokens: null }, b: { message: 'B2 again', tokens: null, usage: { inputTokens: 30, outputTokens: 7 }, cost: null } }, { choice: { kind: 'regenerate', side: 'b' } });
    expect(conversationTotals(state)).toEqual({
      a: { answers: 2, tokens: 15, cost: { total: 0.0015, unknown: 0 } },
      b: { answers: 2, tokens: 57, cost: { total: 0.002, unknown: 1 } },
    });
  });
});

describe('followUpBody', () => {
  it('sends the next message to both, or with one choice; regenerating sends no prompt', () => {
    expect(followUpBody('conv-1', 'More?', null, {})).toEqual({ conversationId: 'conv-1', prompt: 'More?' });
    expect(followUpBody('conv-1', 'More?', { kind: 'carry', side: 'a' }, {})).toEqual({ conversationId: 'conv-1', prompt: 'More?', carry: 'a' });
    expect(followUpBody('conv-1', 'More?', { kind: 'only', side: 'b' }, { b: 'sk-b' })).toEqual({ conversationId: 'conv-1', prompt: 'More?', only: 'b', apiKeys: { b: 'sk-b' } });
    expect(followUpBody('conv-1', 'ignored', { kind: 'regenerate', side: 'a' }, {})).toEqual({ conversationId: 'conv-1', regenerate: 'a' });
  });
});

describe('followUpKeys', () => {
  const services = { claude: { id: 'claude', kind: 'anthropic' }, router: { id: 'router', kind: 'openai-compatible' } } as const;
  function settingsWith(a: keyof typeof services, b: keyof typeof services, keys: { a: string; b: string }): ComparisonSettings {
    const info = (id: keyof typeof services) => ({ ...services[id], name: id, models: [], defaultModel: '', settings: [], freePrompts: true });
    let settings = chooseService(chooseService(createDefaultSettings(), 'a', info(a)), 'b', info(b));
    for (const side of ['a', 'b'] as const) {
      const kind = settings.sides[side].kind as 'anthropic' | 'openai-compatible';
      const form = settings.sides[side].forms[kind];
      settings = { ...settings, sides: { ...settings.sides, [side]: { ...settings.sides[side], forms: { ...settings.sides[side].forms, [kind]: { ...form, apiKey: keys[side] } } } } };
    }
    return settings;
  }

  it('sends each side’s key again as its form holds it, never to a service the side has since left', () => {
    const first = firstRun(bothAnswered);
    expect(followUpKeys(first, settingsWith('claude', 'router', { a: ' sk-ant ', b: '' }))).toEqual({ a: 'sk-ant' });
    expect(followUpKeys(first, settingsWith('router', 'router', { a: 'rk-1', b: 'rk-2' }))).toEqual({ b: 'rk-2' });
  });
});
