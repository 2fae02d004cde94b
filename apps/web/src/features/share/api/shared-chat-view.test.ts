import type { TSharedChat } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { aResult } from '../../../test/fetch-mock.ts';
import { sharedChatView } from './shared-chat-view.ts';

const left = aResult({ message: 'Left answer.' });
const right = aResult({ message: 'Right answer.' });

describe('sharedChatView', () => {
  it('reads the spec’s chatGPT as side a and palmAPI as side b, with the spec’s titles', () => {
    const view = sharedChatView({ chatGPT: left, palmAPI: right, prompt: 'Hi' }, { html: { chatGPT: '<p>Left</p>', palmAPI: null } });
    expect(view.latest).toEqual({ prompt: 'Hi', results: { a: left, b: right }, html: { a: '<p>Left</p>', b: null } });
    expect(view.names).toEqual({ a: 'ChatGPT', b: 'Palm API' });
    expect(view.namedSides).toBe(false);
    expect(view.turns).toBeUndefined();
    expect(view.settings).toBeUndefined();
  });

  it('names a general pair’s sides, reads each side’s settings and every turn with its own rendered answers', () => {
    const chat: TSharedChat = {
      chatGPT: left,
      palmAPI: right,
      sides: { a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-x' }, b: { service: 'palm', kind: 'google', name: 'Palm API', model: 'gemini-y' } },
      sideSettings: { a: { kind: 'anthropic', settings: { temperature: 0.5 } }, b: null },
      conversation: {
        id: 'c1',
        turns: [
          { turn: 1, prompt: 'One', created_at: '2026-01-01T00:00:00Z', chatGPT: right, palmAPI: left },
          { turn: 2, prompt: 'Two', created_at: '2026-01-01T00:01:00Z', chatGPT: left, palmAPI: right, choice: { kind: 'only', side: 'b' } },
        ],
      },
    } as unknown as TSharedChat;
    const view = sharedChatView(chat, { html: { chatGPT: null, palmAPI: null }, turnsHtml: [{ chatGPT: '<p>R</p>', palmAPI: '<p>L</p>' }] });
    expect(view.names).toEqual({ a: 'Claude · claude-x', b: 'Palm API · gemini-y' });
    expect(view.namedSides).toBe(true);
    expect(view.settings).toEqual({ a: { temperature: 0.5 }, b: null });
    expect(view.turns).toEqual([
      { prompt: 'One', turn: 1, createdAt: '2026-01-01T00:00:00Z', results: { a: right, b: left }, html: { a: '<p>R</p>', b: '<p>L</p>' } },
      { prompt: 'Two', turn: 2, createdAt: '2026-01-01T00:01:00Z', choice: { kind: 'only', side: 'b' }, results: { a: left, b: right }, html: { a: null, b: null } },
    ]);
  });

  it('names the side shown as "Answer A" from the vote as recorded', () => {
    const vote = { choice: 'a', answerA: 'b', possiblyUnblinded: false, selfNamed: { a: false, b: false } } as unknown as TSharedChat['vote'];
    expect(sharedChatView({ chatGPT: left, palmAPI: right, vote }, null).answerAName).toBe('Palm API');
  });
});
