import { SIDES } from '@promptpair/contract';
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

  it('reads each side from the spec key the contract names for it', () => {
    const pair = { chatGPT: 'left', palmAPI: 'right' };
    for (const side of SIDES) expect(bySide(pair)[side]).toBe(pair[SPEC_KEY_OF[side]]);
  });
});
