import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PRICES, findPrice } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { EnvError } from './env.ts';
import { loadPrices } from './prices.ts';

const dir = mkdtempSync(join(tmpdir(), 'prices-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('PRICES_FILE', () => {
  it('uses the built-in table without one', () => {
    expect(loadPrices(undefined)).toBe(DEFAULT_PRICES);
  });

  it('merges the operator rows over the defaults', () => {
    const path = file('ok.json', JSON.stringify({ 'gpt-4o': { inputPerMTok: 1, outputPerMTok: 4, takenOn: '2026-11-01', source: 'our agreement' }, 'chat-bison-001': { inputPerMTok: 0.25, outputPerMTok: 0.5, takenOn: '2026-11-01', source: 'legacy' } }));
    const table = loadPrices(path);
    expect(findPrice(table, 'gpt-4o-2024-08-06')).toMatchObject({ inputPerMTok: 1, outputPerMTok: 4 });
    expect(findPrice(table, 'chat-bison-001')).toMatchObject({ inputPerMTok: 0.25 });
    expect(findPrice(table, 'gpt-4o-mini')).toBe(DEFAULT_PRICES['gpt-4o-mini']);
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
