import type { TComparisonRequestInput } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { isDownloadOutputEnabled } from './download-output-rule.ts';

const request = (chatLog?: boolean, bardLog?: boolean): TComparisonRequestInput => ({
  prompt: 'p',
  ...(chatLog === undefined ? {} : { chatGPT: { logOutput: chatLog } }),
  ...(bardLog === undefined ? {} : { bardAPI: { logOutput: bardLog } }),
});

describe('Download Output rule', () => {
  it('starts disabled', () => {
    expect(isDownloadOutputEnabled({ loggedBefore: false, comparisons: [] })).toBe(false);
  });

  it('is enabled when a logged comparison is already known', () => {
    expect(isDownloadOutputEnabled({ loggedBefore: true, comparisons: [] })).toBe(true);
  });

  it.each([
    ['ChatGPT logged', request(true, false)],
    ['Bard logged', request(false, true)],
    ['both logged', request(true, true)],
    ['ChatGPT logged, Bard left out', request(true)],
  ])('is enabled by a successful comparison with %s', (_case, sent) => {
    expect(isDownloadOutputEnabled({ loggedBefore: false, comparisons: [{ request: sent, succeeded: true }] })).toBe(true);
  });

  it.each([
    ['nothing logged', request(false, false), true],
    ['the logged service left out', request(undefined, false), true],
    ['a failed comparison', request(true, true), false],
  ])('stays disabled after %s', (_case, sent, succeeded) => {
    expect(isDownloadOutputEnabled({ loggedBefore: false, comparisons: [{ request: sent, succeeded }] })).toBe(false);
  });

  it('stays enabled once any comparison of the visit was logged', () => {
    const comparisons = [
      { request: request(true, false), succeeded: true },
      { request: request(false, false), succeeded: true },
    ];
    expect(isDownloadOutputEnabled({ loggedBefore: false, comparisons })).toBe(true);
  });
});
