import { describe, expect, it } from 'vitest';
import { diffAnswers } from './word-diff.ts';

const text = (segments: { text: string }[]) => segments.map((segment) => segment.text).join('');
const unique = (segments: { text: string; unique: boolean }[]) => segments.filter((s) => s.unique).map((s) => s.text);

describe('diffAnswers', () => {
  it('gives each side its own full text with its unique words marked', () => {
    const diff = diffAnswers('Paris is the capital of France.', 'Paris is the largest city of France.');
    expect(text(diff.a)).toBe('Paris is the capital of France.');
    expect(text(diff.b)).toBe('Paris is the largest city of France.');
    expect(unique(diff.a)).toEqual(['capital']);
    expect(unique(diff.b)).toEqual(['largest city']);
  });

  it('marks nothing when the answers agree, and keeps line breaks', () => {
    const diff = diffAnswers('a\nb', 'a\nb');
    expect(unique(diff.a)).toEqual([]);
    expect(text(diff.b)).toBe('a\nb');
  });
});
