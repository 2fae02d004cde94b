import { DEFAULT_BARD_MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { classifyAuthor, toConversation } from './conversation.ts';

describe('classifyAuthor', () => {
  it.each([
    ['Bard', 'model'],
    [' assistant ', 'model'],
    ['MODEL', 'model'],
    ['1', 'model'],
    ['Gemini', 'model'],
    ['user', 'user'],
    ['0', 'user'],
    ['Alice', 'user'],
    ['System', 'system'],
    ['context', 'system'],
  ])('%s → %s', (author, role) => {
    expect(classifyAuthor(author)).toBe(role);
  });
});

describe('toConversation', () => {
  it('turns the default Bard messages into a system instruction and one user turn', () => {
    expect(toConversation(DEFAULT_BARD_MESSAGES, 'Name a colour.')).toEqual({
      system: ['You are a helpful assistant.', 'Hello!'],
      turns: [{ role: 'user', texts: ['Name a colour.'] }],
    });
  });

  it('keeps a real dialogue, merges same-role neighbours and ends with the prompt', () => {
    const conversation = toConversation(
      [
        { author: 'system', content: 'Be brief.' },
        { author: 'user', content: 'Hi' },
        { author: 'user', content: 'Are you there?' },
        { author: 'Bard', content: 'Hello!' },
        { author: 'user', content: 'Good.' },
      ],
      'Name a colour.',
    );
    expect(conversation).toEqual({
      system: ['Be brief.'],
      turns: [
        { role: 'user', texts: ['Hi', 'Are you there?'] },
        { role: 'model', texts: ['Hello!'] },
        { role: 'user', texts: ['Good.', 'Name a colour.'] },
      ],
    });
  });

  it('sends a system author that appears mid-dialogue to the system text too', () => {
    const { system, turns } = toConversation(
      [
        { author: 'user', content: 'Hi' },
        { author: 'context', content: 'Answer in French.' },
        { author: 'model', content: 'Bonjour' },
      ],
      'Ça va ?',
    );
    expect(system).toEqual(['Answer in French.']);
    expect(turns.map((t) => t.role)).toEqual(['user', 'model', 'user']);
  });

  it('with no history has just the prompt', () => {
    expect(toConversation([], 'Hi')).toEqual({ system: [], turns: [{ role: 'user', texts: ['Hi'] }] });
  });
});
