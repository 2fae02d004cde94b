import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../types.ts';
import { fromGeminiResponse } from './gemini-response.ts';

const ctx = { serviceName: 'Palm API' as const, model: 'gemini-2.0-flash' };
const candidate = (parts: object[], finishReason = 'STOP', index = 0) => ({ content: { parts, role: 'model' }, finishReason, index });

function errorOf(run: () => unknown): UpstreamError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  return undefined;
}

describe('fromGeminiResponse', () => {
  it('counts thinking as output and tool-use prompt tokens as input, as they are billed', () => {
    const body = {
      candidates: [candidate([{ text: 'Hm.' }])],
      usageMetadata: { promptTokenCount: 10, toolUsePromptTokenCount: 5, candidatesTokenCount: 3, thoughtsTokenCount: 40, totalTokenCount: 58 },
      modelVersion: 'gemini-2.5-flash',
    };
    expect(fromGeminiResponse(body, ctx)).toMatchObject({ tokens: 58, usage: { inputTokens: 15, outputTokens: 43, reasoningTokens: 40 }, model: 'gemini-2.5-flash' });
  });

  it('joins the parts of the first candidate and reads totalTokenCount (docs/wire-formats.md §3.4 example)', () => {
    const body = {
      candidates: [candidate([{ text: 'Bl' }, { text: 'ue.' }])],
      usageMetadata: { promptTokenCount: 14, candidatesTokenCount: 2, totalTokenCount: 16 },
      modelVersion: 'gemini-2.0-flash',
    };
    expect(fromGeminiResponse(body, ctx)).toEqual({ message: 'Blue.', tokens: 16, rawOutput: body, model: 'gemini-2.0-flash', usage: { inputTokens: 14, outputTokens: 2 } });
  });

  it('shows every candidate under a heading and skips thought parts', () => {
    const body = {
      candidates: [candidate([{ text: 'thinking…', thought: true }, { text: 'Red.' }]), candidate([{ text: 'Green.' }], 'STOP', 1)],
    };
    expect(fromGeminiResponse(body, ctx)).toEqual({ message: 'Candidate 1:\nRed.\n\nCandidate 2:\nGreen.', tokens: null, rawOutput: body, model: 'gemini-2.0-flash', usage: null });
  });

  it('promptFeedback.blockReason → upstream_blocked with the reason', () => {
    const error = errorOf(() => fromGeminiResponse({ promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] } }, ctx));
    expect(error).toMatchObject({ code: 'upstream_blocked', detail: { reason: 'SAFETY' } });
    expect(error?.message).toContain('(SAFETY)');
  });

  it('a candidate stopped for SAFETY without text → upstream_blocked', () => {
    const error = errorOf(() => fromGeminiResponse({ candidates: [{ finishReason: 'SAFETY', index: 0 }] }, ctx));
    expect(error).toMatchObject({ code: 'upstream_blocked', detail: { reason: 'SAFETY' } });
  });

  it('an empty MAX_TOKENS candidate is an empty answer, not an error', () => {
    expect(fromGeminiResponse({ candidates: [{ content: { role: 'model' }, finishReason: 'MAX_TOKENS' }] }, ctx).message).toBe('');
  });

  it('no candidates, or not an object → upstream_bad_response', () => {
    expect(errorOf(() => fromGeminiResponse({}, ctx))?.code).toBe('upstream_bad_response');
    expect(errorOf(() => fromGeminiResponse('oops', ctx))?.code).toBe('upstream_bad_response');
  });
});
