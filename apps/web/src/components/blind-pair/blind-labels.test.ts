import { BLIND_TEXTS, RESULT_TITLES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { revealedTitles } from './blind-labels.ts';

describe('revealedTitles', () => {
  it("names the side shown as A: the spec's pair by the spec, a general pair's sides by the names given", () => {
    expect(revealedTitles('b').a).toEqual({ side: 'b', title: `${BLIND_TEXTS.answerA}: ${RESULT_TITLES.palmAPI}` });
    expect(revealedTitles('b').b).toEqual({ side: 'a', title: `${BLIND_TEXTS.answerB}: ${RESULT_TITLES.chatGPT}` });
    const names = { a: 'Claude · m', b: 'Model Router · r' };
    expect(revealedTitles('a', names)).toEqual({
      a: { side: 'a', title: `${BLIND_TEXTS.answerA}: Claude · m` },
      b: { side: 'b', title: `${BLIND_TEXTS.answerB}: Model Router · r` },
    });
    expect(revealedTitles('b', names)).toEqual({
      a: { side: 'b', title: `${BLIND_TEXTS.answerA}: Model Router · r` },
      b: { side: 'a', title: `${BLIND_TEXTS.answerB}: Claude · m` },
    });
  });
});
