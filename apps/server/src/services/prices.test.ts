import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPrice, ZPriceTable } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { EnvError } from '../config/env.ts';
import { BUILT_IN_PRICES, CATALOG_DATES, loadPrices, STALE_CATALOG_DAYS, staleCatalogWarning } from './prices.ts';
import { GOOGLE_CATALOG } from '../upstreams/google/catalog.ts';
import { OPENAI_CATALOG } from '../upstreams/openai/catalog.ts';

const dir = mkdtempSync(join(tmpdir(), 'prices-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('PRICES_FILE', () => {
  it('uses the built-in table without one', () => {
    expect(loadPrices(undefined)).toBe(BUILT_IN_PRICES);
  });

  it('merges the operator rows over the defaults', () => {
    const path = file('ok.json', JSON.stringify({ 'gpt-4o': { inputPerMTok: 1, outputPerMTok: 4, takenOn: '2026-11-01', source: 'our agreement' }, 'chat-bison-001': { inputPerMTok: 0.25, outputPerMTok: 0.5, takenOn: '2026-11-01', source: 'legacy' } }));
    const table = loadPrices(path);
    expect(findPrice(table, 'gpt-4o-2024-08-06')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 4 });
    expect(findPrice(table, 'chat-bison-001')).toMatchObject({ inputPerMTok: 0.25 });
    expect(findPrice(table, 'gpt-4o-mini')).toBe(BUILT_IN_PRICES['gpt-4o-mini']);
  });

  it('stops the start with a plain message for a missing file, broken JSON or a bad row', () => {
    expect(() => loadPrices(join(dir, 'missing.json'))).toThrow(/PRICES_FILE: cannot read .*missing.json \(ENOENT\)/);
    expect(() => loadPrices(file('broken.json', '{'))).toThrow(/is not valid JSON/);
    try {
      loadPrices(file('bad.json', JSON.stringify({ 'gpt-4o': { inputPerMTok: -2, outputPerMTok: 1, takenOn: '2026-11-01', source: 'x' } })));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.join('\n')).toMatch(/gpt-4o → inputPerMTok: inputPerMTok cannot be negative\./);
    }
  });
});

describe('the built-in price table', () => {
  it('dates every row with its catalog and names its source', () => {
    expect(ZPriceTable.safeParse(BUILT_IN_PRICES).success).toBe(true);
    const dates = new Set<string>(Object.values(CATALOG_DATES));
    for (const [model, row] of Object.entries(BUILT_IN_PRICES)) {
      expect(dates.has(row.takenOn), model).toBe(true);
      expect(row.source, model).toMatch(/pricing page/);
    }
    expect(CATALOG_DATES).toEqual({ OpenAI: OPENAI_CATALOG.checkedOn, Google: GOOGLE_CATALOG.checkedOn });
  });

  it("prices every model each catalog prefers or falls back to, today's snapshots included", () => {
    for (const catalog of [OPENAI_CATALOG, GOOGLE_CATALOG]) {
      for (const id of [...catalog.preference, ...catalog.fallback.map((model) => model.id)]) {
        // Preferred GA names may be listed before they are priced; every fallback model is priced.
        if (catalog.fallback.some((model) => model.id === id)) expect(findPrice(BUILT_IN_PRICES, id), id).toBeDefined();
      }
    }
    expect(findPrice(BUILT_IN_PRICES, 'gpt-5-mini-2025-08-07')).toMatchObject({ inputPerMTok: 0.25, outputPerMTok: 2 });
    expect(findPrice(BUILT_IN_PRICES, 'chat-bison-001')).toBeUndefined();
  });

  it(`warns in one line once a catalog is more than ${STALE_CATALOG_DAYS} days old, and not before`, () => {
    const dates = { OpenAI: '2026-11-27', Google: '2026-07-01' };
    expect(staleCatalogWarning('2026-11-27', dates)).toBe(
      'The built-in model catalogs of Google (checked 2026-07-01) are more than 120 days old: prices, defaults and retirements may be out of date. ' +
        'Update them (docs/keeping-models-current.md) or set PRICES_FILE.',
    );
    expect(staleCatalogWarning('2026-10-29', dates)).toBeUndefined();
    expect(staleCatalogWarning('2027-03-28', dates)).toMatch(/^The built-in model catalogs of OpenAI \(checked 2026-11-27\), Google \(checked 2026-07-01\) are more than 120 days old/);
    expect(staleCatalogWarning(OPENAI_CATALOG.checkedOn)).toBeUndefined();
  });
});
