import { describe, expect, it } from 'vitest';
import { blindOrder, namesItsMaker } from '../blind-texts.ts';
import { ZBlindComparisonResponse, ZVoteRequest } from './blind.ts';

describe('self-naming flag', () => {
  it('flags an answer that names its own service or maker', () => {
    expect(namesItsMaker('chatGPT', 'As an AI model developed by OpenAI, I…')).toBe(true);
    expect(namesItsMaker('chatGPT', 'I am ChatGPT.')).toBe(true);
    expect(namesItsMaker('chatGPT', 'I am based on GPT-4.')).toBe(true);
    expect(namesItsMaker('palmAPI', 'I am Gemini, a model trained by Google.')).toBe(true);
    expect(namesItsMaker('palmAPI', 'I am Bard.')).toBe(true);
    expect(namesItsMaker('palmAPI', 'PaLM 2 says hi')).toBe(true);
  });

  it('leaves other answers, and the other maker’s names, alone', () => {
    expect(namesItsMaker('chatGPT', 'Gemini is a constellation.')).toBe(false);
    expect(namesItsMaker('palmAPI', 'OpenAI makes ChatGPT.')).toBe(false);
    expect(namesItsMaker('chatGPT', 'Chatgptx and gptq are not names.')).toBe(false);
    expect(namesItsMaker('palmAPI', null)).toBe(false);
  });
});

describe('blind schemas', () => {
  it('orders the services from A', () => {
    expect(blindOrder('chatGPT')).toEqual({ a: 'chatGPT', b: 'palmAPI' });
    expect(blindOrder('palmAPI')).toEqual({ a: 'palmAPI', b: 'chatGPT' });
  });

  it('accepts only the four choices', () => {
    expect(ZVoteRequest.safeParse({ choice: 'tie' }).success).toBe(true);
    expect(ZVoteRequest.safeParse({ choice: 'chatGPT' }).error?.issues[0]?.message).toBe('choice must be one of a, b, tie, both_bad.');
  });

  it('keeps nothing but the text before the vote', () => {
    const parsed = ZBlindComparisonResponse.parse({ logId: 'x', answerA: { message: 'hi', failed: false, model: 'gpt-4o' }, answerB: { message: null, failed: true } });
    expect(parsed.answerA).toEqual({ message: 'hi', failed: false });
  });
});
