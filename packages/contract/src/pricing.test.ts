import { describe, expect, it } from 'vitest';
import { answerCost, costOf, findPrice, formatCost, sumCosts } from './cost.ts';
import type { TModelPrice, TPriceTable } from './cost.ts';
import { mergePrices, ZPriceTable } from './pricing.ts';

// The lookup's rules on a table of our own; the built-in rows are the server's catalogs' (tested there).
const row = (inputPerMTok: number, outputPerMTok: number): TModelPrice => ({ inputPerMTok, outputPerMTok, takenOn: '2025-07-01', source: 'a table for these tests' });
const TABLE: TPriceTable = { 'gpt-4o-mini': row(0.15, 0.6), 'gpt-4o': row(2.5, 10), 'gpt-3.5-turbo': row(0.5, 1.5), 'gemini-2.0-flash': row(0.1, 0.4), 'gemini-2.5-pro': row(1.25, 10) };

describe('price lookup', () => {
  it('finds a known model by its exact id', () => {
    expect(findPrice(TABLE, 'gpt-4o-mini')).toMatchObject({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(findPrice(TABLE, 'models/gemini-2.5-pro')).toMatchObject({ inputPerMTok: 1.25, outputPerMTok: 10 });
  });

  it('prices a dated snapshot or numbered version as its family, never by prefix', () => {
    expect(findPrice(TABLE, 'gpt-4o-mini-2024-07-18')).toBe(TABLE['gpt-4o-mini']);
    expect(findPrice(TABLE, 'gpt-3.5-turbo-0125')).toBe(TABLE['gpt-3.5-turbo']);
    expect(findPrice(TABLE, 'gemini-2.0-flash-001')).toBe(TABLE['gemini-2.0-flash']);
    expect(findPrice(TABLE, 'gpt-4o-mini-search')).toBeUndefined();
    expect(findPrice({ 'gpt-4o': TABLE['gpt-4o']! }, 'gpt-4o-mini')).toBeUndefined();
  });

  it('knows no price for an unknown model, the legacy PaLM model included', () => {
    expect(findPrice(TABLE, 'chat-bison-001')).toBeUndefined();
    expect(findPrice(TABLE, 'my-finetune')).toBeUndefined();
    expect(findPrice(TABLE, null)).toBeUndefined();
    expect(answerCost(TABLE, 'chat-bison-001', { inputTokens: 10, outputTokens: 10 })).toBeNull();
  });

  it('lets an operator override a row and add a model, keeping the other defaults', () => {
    const overrides = ZPriceTable.parse({
      'gpt-4o-mini': { inputPerMTok: 1, outputPerMTok: 2, takenOn: '2026-01-02', source: 'our contract' },
      'chat-bison-001': { inputPerMTok: 0.5, outputPerMTok: 0.5, takenOn: '2026-01-02', source: 'our contract' },
    });
    const table = mergePrices(TABLE, overrides);
    expect(findPrice(table, 'gpt-4o-mini-2024-07-18')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 2, source: 'our contract' });
    expect(answerCost(table, 'chat-bison-001', { inputTokens: 1_000_000, outputTokens: 0 })).toBe(0.5);
    expect(table['gpt-4o']).toBe(TABLE['gpt-4o']);
  });

  it('refuses a malformed override row with a readable message', () => {
    const result = ZPriceTable.safeParse({ 'gpt-4o': { inputPerMTok: -1, outputPerMTok: 'x', takenOn: 'July', source: '' } });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(expect.arrayContaining(['inputPerMTok cannot be negative.', 'outputPerMTok must be a number.', 'takenOn must be a date written YYYY-MM-DD.', 'source cannot be empty.']));
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
    expect(answerCost(TABLE, 'gpt-4o', null)).toBeNull();
    expect(answerCost(TABLE, 'gpt-4o', { inputTokens: 100, outputTokens: 50 })).toBe(0.00075);
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
