import { describe, expect, it } from 'vitest';
import {
  BARD_LIMITS,
  CHATGPT_LIMITS,
  contactFormError,
  FREE_PROMPTS,
  MESSAGES,
  RATE_LIMIT_MESSAGES,
  rateLimitMessage,
  SUBSCRIPTION_MESSAGES,
  subscriptionErrorText,
  subscriptionFormError,
  waitText,
  ZBardSettings,
  ZChatGptSettings,
  ZComparisonRequest,
  ZSubscriptionRequest,
} from './index.ts';

describe('constants of docs/product.md §9', () => {
  it('keeps every range, step and default', () => {
    expect(FREE_PROMPTS).toBe(5);
    expect(CHATGPT_LIMITS).toEqual({
      temperature: { min: 0, max: 2, step: 0.1, default: 1 },
      top_p: { min: 0, max: 1, step: 0.01, default: 0.5 },
      frequencyPenalty: { min: 0, max: 2, step: 0.01, default: 1 },
      presencePenalty: { min: 0, max: 2, step: 0.01, default: 1 },
      maxLength: { min: 1, max: 4095, step: 1, default: 2048 },
    });
    expect(BARD_LIMITS).toEqual({
      temperature: { min: 0, max: 1, step: 0.1, default: 1 },
      candidateCount: { min: 1, max: 8, step: 1, default: 1 },
      maxOutputTokens: { min: 1, max: 4096, step: 1, default: 0 },
      topP: { min: 0, max: 1, step: 0.01, default: 0.5 },
      topK: { min: 0, max: 100, step: 1, default: 40 },
    });
  });
});

describe('comparison request', () => {
  it('rejects an empty or blank prompt with the spec text', () => {
    for (const prompt of ['', '   \n\t']) {
      const result = ZComparisonRequest.safeParse({ prompt });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.emptyPrompt);
    }
  });

  it('accepts the edges of each ChatGPT range and rejects just outside', () => {
    const edges = { temperature: [0, 2], top_p: [0, 1], frequencyPenalty: [0, 2], presencePenalty: [0, 2], maxLength: [1, 4095] };
    for (const [field, [min, max]] of Object.entries(edges) as [string, [number, number]][]) {
      expect(ZChatGptSettings.safeParse({ [field]: min }).success).toBe(true);
      expect(ZChatGptSettings.safeParse({ [field]: max }).success).toBe(true);
      expect(ZChatGptSettings.safeParse({ [field]: max + 1 }).success).toBe(false);
      expect(ZChatGptSettings.safeParse({ [field]: min - 0.5 }).success).toBe(false);
    }
    expect(ZChatGptSettings.safeParse({ maxLength: 10.5 }).success).toBe(false);
  });

  it('accepts the edges of each Bard range, with 0 meaning "leave out" for maxOutputTokens and topK', () => {
    const edges = { temperature: [0, 1], candidateCount: [1, 8], maxOutputTokens: [0, 4096], topP: [0, 1], topK: [0, 100] };
    for (const [field, [min, max]] of Object.entries(edges) as [string, [number, number]][]) {
      expect(ZBardSettings.safeParse({ [field]: min }).success).toBe(true);
      expect(ZBardSettings.safeParse({ [field]: max }).success).toBe(true);
      expect(ZBardSettings.safeParse({ [field]: max + 1 }).success).toBe(false);
    }
    expect(ZBardSettings.safeParse({ candidateCount: 0 }).success).toBe(false);
  });

  it('treats a blank API key as none and trims pasted spaces', () => {
    expect(ZChatGptSettings.parse({ apiKey: '   ' }).apiKey).toBeUndefined();
    expect(ZChatGptSettings.parse({ apiKey: ' sk-abc ' }).apiKey).toBe('sk-abc');
  });

  it('accepts provider model ids and refuses ones that could climb out of the models path', () => {
    for (const model of ['gpt-4o-mini', 'gemini-2.0-flash', 'tunedModels/my-model-1', 'ft:gpt-4o-mini:org:x:1']) {
      expect(ZChatGptSettings.safeParse({ model }).success, model).toBe(true);
    }
    for (const model of ['../files', 'gemini/../../v1/operations', 'a b', '']) {
      expect(ZBardSettings.safeParse({ model }).success, model).toBe(false);
    }
  });

  it('names the setting and its range in a range error', () => {
    const result = ZChatGptSettings.safeParse({ temperature: 3 });
    expect(result.error?.issues[0]?.message).toBe('Temperature must be between 0 and 2.');
  });
});

describe('contact form checks (docs/product.md §5)', () => {
  it('reports the first problem in order', () => {
    expect(contactFormError({ email: 'nope', message: '' })).toBe(MESSAGES.contact.invalidEmail);
    expect(contactFormError({ email: 'a@b.co', message: '  ' })).toBe(MESSAGES.contact.emptyMessage);
    expect(contactFormError({ email: 'a@b.co', message: '123456789' })).toBe(MESSAGES.contact.shortMessage);
    expect(contactFormError({ email: 'a@b.co', message: '1234567890' })).toBeNull();
  });
});

describe('subscription checks (docs/product.md §5, §8)', () => {
  const ok = { acceptedTerms: true, chatgptKey: 'k1', palmapiKey: 'k2', email: 'a@b.co' };
  it('checks terms, then keys, then email', () => {
    expect(subscriptionFormError({ ...ok, acceptedTerms: false, chatgptKey: '' })).toBe(SUBSCRIPTION_MESSAGES.termsRequired);
    expect(subscriptionFormError({ ...ok, palmapiKey: '  ', email: '' })).toBe(SUBSCRIPTION_MESSAGES.keysRequired);
    expect(subscriptionFormError({ ...ok, email: ' ' })).toBe(SUBSCRIPTION_MESSAGES.emailRequired);
    expect(subscriptionFormError(ok)).toBeNull();
  });

  it('lower-cases the email before checking it, so the stored form is the one that fits 254 characters', () => {
    const keys = { chatgpt_key: 'k1', palmapi_key: 'k2' };
    expect(ZSubscriptionRequest.parse({ ...keys, email: ' Ann@Example.COM ' }).email).toBe('ann@example.com');
    // 'İ' lower-cases to two characters: 205 characters as typed, 405 as stored.
    const growing = ZSubscriptionRequest.safeParse({ ...keys, email: `${'İ'.repeat(200)}@b.co` });
    expect(growing.success).toBe(false);
    expect(growing.error?.issues[0]?.message).toBe(SUBSCRIPTION_MESSAGES.serverInvalidEmail);
  });

  it('takes keys that can travel in a header only: no spaces inside, no mask, no letters beyond ASCII', () => {
    const base = { palmapi_key: 'AIza-ok', email: 'a@b.co' };
    expect(ZSubscriptionRequest.safeParse({ ...base, chatgpt_key: ' sk-proj-A_b.c-9 ' }).success).toBe(true);
    for (const chatgpt_key of ['sk a', 'sk-…abcd', 'sk-é', 'sk-\tx']) {
      const parsed = ZSubscriptionRequest.safeParse({ ...base, chatgpt_key });
      expect(parsed.error?.issues[0]?.message).toBe('The chatgpt key field may only hold letters, digits and punctuation, without spaces.');
    }
  });

  it('turns server answers into the modal text', () => {
    const invalidEmail = { errors: { email: [SUBSCRIPTION_MESSAGES.serverInvalidEmail] } };
    expect(subscriptionErrorText(422, invalidEmail)).toBe(SUBSCRIPTION_MESSAGES.shownInvalidEmail);
    expect(subscriptionErrorText(422, { errors: { chatgpt_key: ['First.', 'Second.'], email: ['x'] } })).toBe('First.');
    expect(subscriptionErrorText(409, { message: 'Taken.' })).toBe('Taken.');
    expect(subscriptionErrorText(429, { message: 'x', code: 'rate_limited' })).toBe(RATE_LIMIT_MESSAGES.key);
    expect(subscriptionErrorText(500, {})).toBe(SUBSCRIPTION_MESSAGES.unexpectedStatus);
    expect(subscriptionErrorText(503, { message: 'ChatGPT could not be reached.', code: 'key_check_unavailable' })).toBe('ChatGPT could not be reached.');
    expect(subscriptionErrorText(503, { message: 'Down.', code: 'storage_unavailable' })).toBe(SUBSCRIPTION_MESSAGES.unexpectedStatus);
    expect(subscriptionErrorText(null, undefined)).toBe(SUBSCRIPTION_MESSAGES.noResponse);
  });
});

describe('waits, in words (prompt-list limits)', () => {
  it('says seconds, then minutes rounded up, then hours', () => {
    expect([1, 0.2, 59, 60, 61, 5399, 5400, 6 * 3600].map(waitText)).toEqual([
      '1 second', '1 second', '59 seconds', '1 minute', '2 minutes', '90 minutes', '2 hours', '6 hours',
    ]);
  });

  it('adds when to retry to the upload limit’s text only', () => {
    expect(rateLimitMessage('batchUpload', 300)).toBe('Too many prompt lists were uploaded from your network address in the last hour. Try again in 5 minutes.');
    expect(rateLimitMessage('comparison', 300)).toBe(RATE_LIMIT_MESSAGES.comparison);
  });
});
