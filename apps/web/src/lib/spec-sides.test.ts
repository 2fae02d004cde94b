import { SIDES, SPEC_PAIR } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { bySide } from './spec-sides.ts';

describe('spec sides', () => {
  it('reads the spec’s chatGPT as side a and palmAPI as side b', () => {
    expect(bySide({ chatGPT: 'left', palmAPI: 'right' })).toEqual({ a: 'left', b: 'right' });
  });

  it('reads each side from the answer key the contract’s spec pair names for it', () => {
    const pair = { chatGPT: 'left', palmAPI: 'right' };
    for (const side of SIDES) expect(bySide(pair)[side]).toBe(pair[SPEC_PAIR[side].resultKey]);
  });
});
