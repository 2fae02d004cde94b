import { describe, expect, it } from 'vitest';
import { blindOrder, namesItsKindsMaker, namesOfModel } from '../blind-texts.ts';
import { ZBlindComparisonResponse, ZVote, ZVoteRequest } from './blind.ts';

describe('self-naming flag', () => {
  it('flags an answer that names its own service or maker', () => {
    expect(namesItsKindsMaker('openai', 'As an AI model developed by OpenAI, I…')).toBe(true);
    expect(namesItsKindsMaker('openai', 'I am ChatGPT.')).toBe(true);
    expect(namesItsKindsMaker('openai', 'I am based on GPT-4.')).toBe(true);
    expect(namesItsKindsMaker('google', 'I am Gemini, a model trained by Google.')).toBe(true);
    expect(namesItsKindsMaker('google', 'I am Bard.')).toBe(true);
    expect(namesItsKindsMaker('google', 'PaLM 2 says hi')).toBe(true);
  });

  it('leaves other answers, and the other maker’s names, alone', () => {
    expect(namesItsKindsMaker('openai', 'Gemini is a constellation.')).toBe(false);
    expect(namesItsKindsMaker('google', 'OpenAI makes ChatGPT.')).toBe(false);
    expect(namesItsKindsMaker('openai', 'Chatgptx and gptq are not names.')).toBe(false);
    expect(namesItsKindsMaker('google', null)).toBe(false);
  });
});

describe('blind schemas', () => {
  it('orders the sides from A', () => {
    expect(blindOrder('a')).toEqual({ a: 'a', b: 'b' });
    expect(blindOrder('b')).toEqual({ a: 'b', b: 'a' });
  });

  it("names the side shown as A by the side, never by the spec's service names", () => {
    const vote = { choice: 'a', possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: 'now' };
    expect(ZVote.parse({ ...vote, answerA: 'b' }).answerA).toBe('b');
    expect(ZVote.safeParse({ ...vote, answerA: 'palmAPI' }).success).toBe(false);
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

describe('namesItsKindsMaker', () => {
  it('knows every maker: Claude and Anthropic too, and a compatible service by its name and its model’s maker', () => {
    expect(namesItsKindsMaker('anthropic', 'I am Claude, made by Anthropic.')).toBe(true);
    expect(namesItsKindsMaker('anthropic', 'Gemini is a constellation.')).toBe(false);
    expect(namesItsKindsMaker('openai', 'I am ChatGPT.')).toBe(true);
    expect(namesItsKindsMaker('google', 'I am Gemini.')).toBe(true);
    const router = ['Model Router', ...namesOfModel('meta-llama/llama-3.3-70b-instruct')];
    expect(router).toEqual(['Model Router', 'meta', 'llama', 'llama']);
    expect(namesItsKindsMaker('openai-compatible', 'I am Llama, a model by Meta.', router)).toBe(true);
    expect(namesItsKindsMaker('openai-compatible', 'Blue is a colour.', router)).toBe(false);
    expect(namesOfModel('qwen3:32b')).toEqual(['qwen']);
    expect(namesItsKindsMaker('openai-compatible', null, router)).toBe(false);
  });
});
