// The price table the server costs answers with: the contract's defaults, with the operator's
// PRICES_FILE merged over them. Read and checked once at start, so a typo stops the server with
// a plain message instead of showing wrong costs.
import { readFileSync } from 'node:fs';
import { DEFAULT_PRICES, mergePrices, ZPriceTable, type TPriceTable } from '@promptpair/contract';
import { EnvError } from './env.ts';

export function loadPrices(pricesFile: string | undefined): TPriceTable {
  if (!pricesFile) return DEFAULT_PRICES;
  let text: string;
  try {
    text = readFileSync(pricesFile, 'utf8');
  } catch (error) {
    throw new EnvError([`PRICES_FILE: cannot read ${pricesFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EnvError([`PRICES_FILE: ${pricesFile} is not valid JSON`]);
  }
  const parsed = ZPriceTable.safeParse(json);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `PRICES_FILE: ${[pricesFile, ...issue.path].join(' → ')}: ${issue.message}`));
  }
  return mergePrices(DEFAULT_PRICES, parsed.data);
}
