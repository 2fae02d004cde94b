import { findPrice, ZPriceTable } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_CATALOG_CHECKED_ON, ANTHROPIC_FALLBACK_MODELS, ANTHROPIC_MODEL_PREFERENCE, ANTHROPIC_PRICES, CLAUDE_MODELS, pickDefaultAnthropicModel } from './catalog.ts';

describe('the Claude catalog', () => {
  it('is a valid price table, every row dated and sourced', () => {
    expect(ZPriceTable.safeParse(ANTHROPIC_PRICES).success).toBe(true);
    for (const row of Object.values(ANTHROPIC_PRICES)) expect(row.takenOn).toBe(ANTHROPIC_CATALOG_CHECKED_ON);
    expect(findPrice(ANTHROPIC_PRICES, 'claude-haiku-4-5-20251001')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 5 });
    expect(findPrice(ANTHROPIC_PRICES, 'claude-opus-5-5')).toMatchObject({ inputPerMTok: 4, outputPerMTok: 20 });
  });

  it('prices every model it prefers or falls back to', () => {
    for (const id of [...ANTHROPIC_MODEL_PREFERENCE, ...ANTHROPIC_FALLBACK_MODELS]) expect(CLAUDE_MODELS[id], id).toBeDefined();
  });

  it('picks the first preferred model the service lists, else its first, else the default', () => {
    expect(pickDefaultAnthropicModel(['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5'])).toBe('claude-haiku-5-5');
    expect(pickDefaultAnthropicModel(['claude-opus-5-5', 'claude-sonnet-5-5'])).toBe('claude-sonnet-5-5');
    expect(pickDefaultAnthropicModel(['claude-next-6'])).toBe('claude-next-6');
    expect(pickDefaultAnthropicModel([])).toBe('claude-haiku-5-5');
  });
});
