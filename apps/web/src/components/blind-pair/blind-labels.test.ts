import { BLIND_TEXTS, RESULT_TITLES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { revealedTitles } from './blind-labels.ts';

describe('revealedTitles', () => {
  it("names the spec's pair by the spec, and a general pair's sides by the names given", () => {
    expect(revealedTitles('palmAPI').a).toEqual({ service: 'palmAPI', title: `${BLIND_TEXTS.answerA}: ${RESULT_TITLES.palmAPI}` });
    const names = { a: 'Claude · m', b: 'Model Router · r' };
    expect(revealedTitles('chatGPT', names)).toEqual({
      a: { service: 'chatGPT', title: `${BLIND_TEXTS.answerA}: Claude · m` },
      b: { service: 'palmAPI', title: `${BLIND_TEXTS.answerB}: Model Router · r` },
    });
  });
});
