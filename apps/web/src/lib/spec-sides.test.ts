import { sideOfSpecName } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { bySide, bySpecKey, SPEC_KEY_OF } from './spec-sides.ts';

describe('spec sides', () => {
  it('reads the spec’s chatGPT as side a and palmAPI as side b', () => {
    expect(bySide({ chatGPT: 'left', palmAPI: 'right' })).toEqual({ a: 'left', b: 'right' });
  });

  it('writes sides back under the spec’s keys, the way they were read', () => {
    const pair = { a: 1, b: 2 };
    expect(bySpecKey(pair)).toEqual({ chatGPT: 1, palmAPI: 2 });
    expect(bySide(bySpecKey(pair))).toEqual(pair);
  });

  it('agrees with the contract on which spec name is which side', () => {
    expect(sideOfSpecName(SPEC_KEY_OF.a)).toBe('a');
    expect(sideOfSpecName(SPEC_KEY_OF.b)).toBe('b');
  });
});
