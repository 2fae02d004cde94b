import { describe, expect, it } from 'vitest';
import { answerCost, costOf, findPrice, formatCost, sumCosts } from './cost.ts';
import { DEFAULT_PRICES, mergePrices, ZPriceTable } from './pricing.ts';
import { FALLBACK_MODELS } from './constants.ts';

describe('price lookup', () => {
  it('finds a known model by its exact id', () => {
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-mini')).toMatchObject({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(findPrice(DEFAULT_PRICES, 'models/gemini-2.5-pro')).toMatchObject({ inputPerMTok: 1.25, outputPerMTok: 10 });
  });

  it('prices a dated snapshot or numbered version as its family, never by prefix', () => {
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-mini-2024-07-18')).toBe(DEFAULT_PRICES['gpt-4o-mini']);
    expect(findPrice(DEFAULT_PRICES, 'gpt-3.5-turbo-0125')).toBe(DEFAULT_PRICES['gpt-3.5-turbo']);
    expect(findPrice(DEFAULT_PRICES, 'gemini-2.0-flash-001')).toBe(DEFAULT_PRICES['gemini-2.0-flash']);
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-mini-search')).toBeUndefined();
    expect(findPrice({ 'gpt-4o': DEFAULT_PRICES['gpt-4o']! }, 'gpt-4o-mini')).toBeUndefined();
  });

  it('knows no price for an unknown model, the legacy PaLM model included', () => {
    expect(findPrice(DEFAULT_PRICES, 'chat-bison-001')).toBeUndefined();
    expect(findPrice(DEFAULT_PRICES, 'my-finetune')).toBeUndefined();
    expect(findPrice(DEFAULT_PRICES, null)).toBeUndefined();
    expect(answerCost(DEFAULT_PRICES, 'chat-bison-001', { inputTokens: 10, outputTokens: 10 })).toBeNull();
  });

  it('prices every model of the built-in lists except the legacy PaLM one', () => {
    const unpriced = [...FALLBACK_MODELS.chatGPT, ...FALLBACK_MODELS.bard].filter((model) => !findPrice(DEFAULT_PRICES, model));
    expect(unpriced).toEqual(['chat-bison-001']);
  });

  it('lets an operator override a row and add a model, keeping the other defaults', () => {
    const overrides = ZPriceTable.parse({
      'gpt-4o-mini': { inputPerMTok: 1, outputPerMTok: 2, takenOn: '2026-01-02', source: 'our contract' },
      'chat-bison-001': { inputPerMTok: 0.5, outputPerMTok: 0.5, takenOn: '2026-01-02', source: 'our contract' },
    });
    const table = mergePrices(DEFAULT_PRICES, overrides);
    expect(findPrice(table, 'gpt-4o-mini-2024-07-18')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 2, source: 'our contract' });
    expect(answerCost(table, 'chat-bison-001', { inputTokens: 1_000_000, outputTokens: 0 })).toBe(0.5);
    expect(table['gpt-4o']).toBe(DEFAULT_PRICES['gpt-4o']);
  });

  it('refuses a malformed override row with a readable message', () => {
    const result = ZPriceTable.safeParse({ 'gpt-4o': { inputPerMTok: -1, outputPerMTok: 'x', takenOn: 'July', source: '' } });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(expect.arrayContaining(['inputPerMTok cannot be negative.', 'outputPerMTok must be a number.', 'takenOn must be a date written YYYY-MM-DD.', 'source cannot be empty.']));
  });

  it('dates and names the source of every default row', () => {
    for (const price of Object.values(DEFAULT_PRICES)) {
      expect(price.takenOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(price.source.length).toBeGreaterThan(10);
    }
  });
});

describe('cost arithmetic', () => {
  const price = { inputPerMTok: 2.5, outputPerMTok: 10, takenOn: '2025-07-01', source: 'test' };

  it('charges input and output tokens at their own rates', () => {
    expect(costOf(price, { inputTokens: 1_000_000, outputTokens: 0 })).toBe(2.5);
    expect(costOf(price, { inputTokens: 0, outputTokens: 1_000_000 })).toBe(10);
    expect(costOf(price, { inputTokens: 1200, outputTokens: 350 })).toBe(0.0065);
    expect(costOf(price, { inputTokens: 0, outputTokens: 0 })).toBe(0);
  });

  it('rounds to a millionth of a dollar', () => {
    expect(costOf({ ...price, inputPerMTok: 0.15, outputPerMTok: 0.6 }, { inputTokens: 7, outputTokens: 3 })).toBe(0.000003);
  });

  it('has no cost without tokens', () => {
    expect(answerCost(DEFAULT_PRICES, 'gpt-4o', null)).toBeNull();
    expect(answerCost(DEFAULT_PRICES, 'gpt-4o', { inputTokens: 100, outputTokens: 50 })).toBe(0.00075);
  });

  it('sums known costs and counts the unknown ones', () => {
    expect(sumCosts([0.1, 0.2, null, undefined, 0.000001])).toEqual({ total: 0.300001, unknown: 2 });
    expect(sumCosts([])).toEqual({ total: 0, unknown: 0 });
  });

  it('writes costs in plain words, never 0 for unknown', () => {
    expect(formatCost(null)).toBe('price unknown');
    expect(formatCost(undefined)).toBe('price unknown');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.00075)).toBe('$0.00075');
    expect(formatCost(0.000001)).toBe('$0.000001');
    expect(formatCost(1.5)).toBe('$1.50');
    expect(formatCost(0.0123)).toBe('$0.0123');
  });
});
