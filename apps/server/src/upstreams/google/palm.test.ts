import { DEFAULT_BARD_MESSAGES } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../types.ts';
import { fromPalmResponse, toPalmRequest } from './palm.ts';

const ctx = { serviceName: 'Palm API' as const, model: 'chat-bison-001' };

describe('toPalmRequest', () => {
  it('puts system text in context, drops maxOutputTokens and keeps the rest', () => {
    expect(
      toPalmRequest('Name a colour.', {
        model: 'chat-bison-001',
        messages: DEFAULT_BARD_MESSAGES,
        temperature: 0.25,
        candidateCount: 1,
        maxOutputTokens: 500,
        topP: 0.95,
        topK: 40,
      }),
    ).toEqual({
      prompt: { context: 'You are a helpful assistant.\n\nHello!', messages: [{ author: 'user', content: 'Name a colour.' }] },
      temperature: 0.25,
      candidateCount: 1,
      topP: 0.95,
      topK: 40,
    });
  });

  it('has no context when there is no system text, alternates authors, omits topK 0', () => {
    expect(
      toPalmRequest('Name a colour.', {
        messages: [
          { author: 'user', content: 'Hi' },
          { author: 'Bard', content: 'Hello!' },
        ],
        topK: 0,
      }),
    ).toEqual({
      prompt: {
        messages: [
          { author: 'user', content: 'Hi' },
          { author: 'model', content: 'Hello!' },
          { author: 'user', content: 'Name a colour.' },
        ],
      },
    });
  });
});

describe('fromPalmResponse', () => {
  it('reads the candidates (docs/wire-formats.md §2.2 example); tokens are unknown', () => {
    const body = { candidates: [{ author: '1', content: 'Hello!' }], messages: [{ author: 'user', content: 'Hi' }] };
    expect(fromPalmResponse(body, ctx)).toEqual({ message: 'Hello!', tokens: null, rawOutput: body });
    const two = { candidates: [{ author: '1', content: 'A' }, { author: '1', content: 'B' }] };
    expect(fromPalmResponse(two, ctx).message).toBe('Candidate 1:\nA\n\nCandidate 2:\nB');
  });

  it('filters without candidates → upstream_blocked; nothing at all → upstream_bad_response', () => {
    const blocked = () => fromPalmResponse({ messages: [], filters: [{ reason: 'SAFETY', message: 'unsafe' }] }, ctx);
    expect(blocked).toThrow(UpstreamError);
    try {
      blocked();
    } catch (error) {
      expect(error).toMatchObject({ code: 'upstream_blocked', detail: { reason: 'SAFETY: unsafe' } });
    }
    expect(() => fromPalmResponse({ candidates: [] }, ctx)).toThrow(expect.objectContaining({ code: 'upstream_bad_response' }));
  });
});
