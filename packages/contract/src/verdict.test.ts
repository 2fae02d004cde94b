import { describe, expect, it } from 'vitest';
import { countWords, similarityFromDiff, verdictFields, verdictItems, type VerdictSide } from './verdict.ts';

const side = (label: string, extra: Partial<VerdictSide> = {}): VerdictSide => ({ label, message: 'one two three', errorMsg: null, ...extra });

describe('verdict line', () => {
  it('says which started first, which finished first and which cost less, with the figures', () => {
    const items = verdictItems(
      side('ChatGPT', { timeToFirstToken: 0.3, elapsedTime: 2.5, cost: 0.002 }),
      side('Palm API', { timeToFirstToken: 0.9, elapsedTime: 1.2, cost: 0.0005 }),
      0.5,
    );
    expect(items.map((item) => [item.key, item.winner ?? null])).toEqual([
      ['start', 'a'],
      ['finish', 'b'],
      ['cost', 'b'],
      ['length', null],
      ['similarity', null],
    ]);
    expect(items[0]?.text).toBe('ChatGPT started first (0.30 s against 0.90 s for Palm API).');
    expect(items[1]?.text).toBe('Palm API finished first (1.20 s against 2.50 s for ChatGPT).');
    expect(items[2]?.text).toBe('Palm API cost less ($0.0005 against $0.002 for ChatGPT).');
    expect(items[3]?.text).toBe('ChatGPT: 3 words; Palm API: 3 words.');
    expect(items[4]?.text).toBe('The answers share 50% of their words.');
  });

  it('calls differences under 50 ms or a millionth of a dollar a tie', () => {
    const items = verdictItems(side('A', { elapsedTime: 1.0, cost: 0.001 }), side('B', { elapsedTime: 1.04, cost: 0.0010005 }), null);
    expect(items.find((i) => i.key === 'finish')).toMatchObject({ winner: 'tie', text: 'Both finished at about the same time (1.00 s and 1.04 s).' });
    expect(items.find((i) => i.key === 'cost')).toMatchObject({ winner: 'tie' });
  });

  it('says plainly when a price is unknown instead of comparing with 0', () => {
    const items = verdictItems(side('ChatGPT', { cost: 0.01 }), side('Palm API', { cost: null }), null);
    expect(items.find((i) => i.key === 'cost')).toEqual({ key: 'cost', text: 'Cost cannot be compared: price unknown for Palm API.' });
  });

  it('leaves out what it does not know: no time to first token, no costs (blind mode), no diff yet', () => {
    const items = verdictItems(side('Answer A', { message: 'x' }), side('Answer B', { message: 'y z' }), null);
    expect(items).toEqual([{ key: 'length', text: 'Answer A: 1 word; Answer B: 2 words.' }]);
  });

  it('says who answered when one or both failed', () => {
    expect(verdictItems(side('ChatGPT'), side('Palm API', { message: null, errorMsg: 'boom' }), 1)).toEqual([
      { key: 'answered', winner: 'a', text: 'Only ChatGPT answered; Palm API failed.' },
    ]);
    expect(verdictItems(side('A', { message: null, errorMsg: 'x' }), side('B', { message: null, errorMsg: 'y' }), 1)).toEqual([
      { key: 'answered', text: 'Neither service answered.' },
    ]);
  });

  it('gives the same facts as columns', () => {
    expect(verdictFields(side('A', { elapsedTime: 1, cost: 0.2 }), side('B', { elapsedTime: 2, cost: 0.1, message: 'a b' }), 0.4567)).toEqual({
      fasterStart: null, fasterFinish: 'a', cheaper: 'b', wordsA: 3, wordsB: 2, similarity: 0.457,
    });
    expect(verdictFields(side('A'), side('B', { errorMsg: 'x', message: null }), 0.5)).toMatchObject({ wordsA: null, similarity: null });
  });
});

describe('similarity', () => {
  it('is the share of words both answers hold', () => {
    const left = [{ text: 'the cat ', unique: false }, { text: 'sat', unique: true }];
    const right = [{ text: 'the cat ', unique: false }, { text: 'lay down', unique: true }];
    expect(similarityFromDiff(left, right)).toBeCloseTo(4 / 7);
    expect(similarityFromDiff([{ text: 'a b', unique: false }], [{ text: 'a b', unique: false }])).toBe(1);
    expect(similarityFromDiff([{ text: 'a', unique: true }], [{ text: 'b', unique: true }])).toBe(0);
  });

  it('counts words by whitespace', () => {
    expect(countWords('  hello   world\n again ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(countWords(null)).toBe(0);
  });
});
