import { describe, expect, it } from 'vitest';
import { comparisonMarkdown } from './comparison-markdown.ts';
import { describeStoppedSide } from './messages.ts';
import { columnNames, PAIR_COLUMN_TEXTS, pairNames, sideName, SPEC_PAIR_NAMES } from './side-names.ts';

describe('side names', () => {
  it('keeps the spec’s titles for the spec’s pair', () => {
    expect(pairNames(undefined)).toEqual({ a: 'ChatGPT', b: 'Palm API' });
    expect(pairNames(null)).toBe(SPEC_PAIR_NAMES);
  });

  it('names any other side by its service and model, the id standing in for a missing name', () => {
    expect(sideName({ service: 'claude', name: 'Claude', model: 'claude-haiku-5-5' })).toBe('Claude · claude-haiku-5-5');
    expect(sideName({ service: 'router', model: 'qwen/qwen3-32b' })).toBe('router · qwen/qwen3-32b');
    expect(sideName({ service: 'claude', name: 'Claude', model: null })).toBe('Claude');
    const names = pairNames({ a: { service: 'chatgpt', name: 'ChatGPT', model: 'gpt-4o' }, b: { service: 'chatgpt', name: 'ChatGPT', model: 'gpt-4o-mini' } });
    expect(names).toEqual({ a: 'ChatGPT · gpt-4o', b: 'ChatGPT · gpt-4o-mini' });
  });

  it('says the spec’s stopped note unchanged and the same words for a named side', () => {
    expect(describeStoppedSide(SPEC_PAIR_NAMES.a, true)).toBe('Stopped before ChatGPT finished: the text above is what had arrived.');
    expect(describeStoppedSide('Claude · claude-haiku-5-5', false)).toBe('Stopped before Claude · claude-haiku-5-5 sent any text.');
  });

  it('writes the Markdown with the sides’ names when given, the spec’s titles otherwise', () => {
    const side = (message: string) => ({ result: { message, elapsedTime: 1 }, settings: {} });
    const input = { prompt: 'p', a: side('left'), b: side('right'), similarity: null, vote: { choice: 'b' as const, answerA: 'a' as const, possiblyUnblinded: false } };
    const spec = comparisonMarkdown(input);
    expect(spec).toContain('## ChatGPT\n');
    expect(spec).toContain('## Palm API\n');
    const named = comparisonMarkdown({ ...input, names: { a: 'Claude · claude-haiku-5-5', b: 'Local Models · llama3.3:70b' } });
    expect(named).toContain('## Claude · claude-haiku-5-5\n');
    expect(named).toContain('## Local Models · llama3.3:70b\n');
    expect(named).toContain('Claude · claude-haiku-5-5: 1 word; Local Models · llama3.3:70b: 1 word.');
    expect(named).toContain('(Answer A was Claude · claude-haiku-5-5).');
    expect(named).not.toMatch(/ChatGPT|Palm API/);
  });
});

describe('columnNames', () => {
  const claude = { a: 'Claude · claude-haiku-5-5', b: 'ChatGPT · gpt-4o' };
  it('heads the spec’s pair with its titles, one general pair with its names, mixed pairs by place', () => {
    expect(columnNames([{}, { names: undefined }])).toEqual({ a: 'ChatGPT', b: 'Palm API' });
    expect(columnNames([{ names: claude }, { names: { ...claude } }])).toEqual(claude);
    expect(columnNames([{ names: claude }, {}])).toBe(PAIR_COLUMN_TEXTS);
    expect(columnNames([{}, { names: claude }])).toBe(PAIR_COLUMN_TEXTS);
    expect(columnNames([])).toBe(SPEC_PAIR_NAMES);
  });
});
