import { describe, expect, it } from 'vitest';
import { describeServiceError, describeUpstreamError, UPSTREAM_ERROR_CODES } from '../messages.ts';
import { ANTHROPIC_LIMITS, ANTHROPIC_SETTINGS, ZAnthropicSettings } from './anthropic.ts';

const errorOf = (input: unknown) => ZAnthropicSettings.safeParse(input).error?.issues[0]?.message;

describe('ZAnthropicSettings', () => {
  it.each([
    ['temperature', 'Temperature must be between 0 and 1.'],
    ['topP', 'Top P must be between 0 and 1.'],
    ['topK', 'Top K must be a whole number between 0 and 500.'],
    ['maxTokens', 'Max tokens must be a whole number between 1 and 128000.'],
  ] as const)('%s takes its range and refuses what is outside with "%s"', (name, message) => {
    const { min, max } = ANTHROPIC_LIMITS[name];
    expect(ZAnthropicSettings.safeParse({ [name]: min }).success).toBe(true);
    expect(ZAnthropicSettings.safeParse({ [name]: max }).success).toBe(true);
    expect(errorOf({ [name]: max + 1 })).toBe(message);
    expect(errorOf({ [name]: min - 1 })).toBe(message);
  });

  it('refuses fractions where the API takes whole numbers', () => {
    expect(errorOf({ topK: 1.5 })).toBe('Top K must be a whole number between 0 and 500.');
    expect(errorOf({ maxTokens: 10.5 })).toBe('Max tokens must be a whole number between 1 and 128000.');
  });

  it('keeps up to four stop sequences as typed, none empty or only spaces', () => {
    expect(ZAnthropicSettings.parse({ stopSequences: ['\n\nHuman:', 'END'] }).stopSequences).toEqual(['\n\nHuman:', 'END']);
    expect(errorOf({ stopSequences: ['a', 'b', 'c', 'd', 'e'] })).toBe('At most 4 stop sequences are allowed.');
    expect(errorOf({ stopSequences: ['  '] })).toBe('A stop sequence cannot be empty or only spaces.');
    expect(errorOf({ stopSequences: ['x'.repeat(201)] })).toBe('A stop sequence may hold at most 200 characters.');
    expect(errorOf({ stopSequences: 'END' })).toBe('Stop sequences must be a list of texts.');
  });

  it('takes user and assistant opening messages only, and trims the system prompt (blank means none)', () => {
    expect(ZAnthropicSettings.parse({ messages: [{ role: 'user', content: ' Hi ' }, { role: 'assistant', content: 'Hello' }] }).messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    expect(errorOf({ messages: [{ role: 'system', content: 'Be brief.' }] })).toBe('The role must be one of user, assistant.');
    expect(ZAnthropicSettings.parse({ system: '  Be brief.  ' }).system).toBe('Be brief.');
    expect(ZAnthropicSettings.parse({ system: '   ' }).system).toBeUndefined();
    expect(errorOf({ system: 'x'.repeat(32_001) })).toBe('The system prompt may hold at most 32000 characters.');
  });

  it('treats a blank key as none', () => {
    expect(ZAnthropicSettings.parse({ apiKey: '  ' }).apiKey).toBeUndefined();
  });
});

describe('ANTHROPIC_SETTINGS', () => {
  it('describes every setting of the schema but the model, the messages, the key and logging, with defaults in range', () => {
    const described = ANTHROPIC_SETTINGS.map((setting) => setting.name).sort();
    const settable = Object.keys(ZAnthropicSettings.shape).filter((name) => !['model', 'messages', 'apiKey', 'logOutput'].includes(name)).sort();
    expect(described).toEqual(settable);
    for (const setting of ANTHROPIC_SETTINGS) {
      expect(setting.label).not.toBe('');
      expect(setting.help).toMatch(/\.$/);
      if (setting.control === 'slider') {
        const { min, max, default: initial } = setting.range;
        expect(initial).toBeGreaterThanOrEqual(min);
        expect(initial).toBeLessThanOrEqual(max);
        expect(ZAnthropicSettings.safeParse({ [setting.name]: initial }).success).toBe(true);
      }
    }
    expect(ANTHROPIC_LIMITS.maxTokens.default).toBe(4096);
  });
});

describe('describeServiceError', () => {
  it('says for any named service what describeUpstreamError says for the spec pair', () => {
    for (const code of UPSTREAM_ERROR_CODES) {
      expect(describeServiceError('ChatGPT', code, { model: 'm', retryAfterSeconds: 2 })).toBe(describeUpstreamError('chatGPT', code, { model: 'm', retryAfterSeconds: 2 }));
    }
    expect(describeServiceError('Claude', 'upstream_rate_limited', { retryAfterSeconds: 1.2 })).toBe('Claude is rate limiting this API key. Try again in 2 s.');
  });
});
