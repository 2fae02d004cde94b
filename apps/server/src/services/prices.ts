// The price table the server costs answers with: each service's dated catalog, with the operator's
// PRICES_FILE merged over it. Read and checked once at start, so a typo stops the server with a
// plain message instead of showing wrong costs.
import { readFileSync } from 'node:fs';
import { mergePrices, ZPriceTable, type TPriceTable } from '@promptpair/contract';
import { EnvError } from '../config/env.ts';
import { GOOGLE_CATALOG_CHECKED_ON, GOOGLE_PRICES } from '../upstreams/google/catalog.ts';
import { OPENAI_CATALOG_CHECKED_ON, OPENAI_PRICES } from '../upstreams/openai/catalog.ts';

/** Every built-in price row, one catalog per service (docs/keeping-models-current.md). */
export const BUILT_IN_PRICES: TPriceTable = { ...OPENAI_PRICES, ...GOOGLE_PRICES };

/** The day each built-in catalog was read, YYYY-MM-DD. */
export const CATALOG_DATES = { OpenAI: OPENAI_CATALOG_CHECKED_ON, Google: GOOGLE_CATALOG_CHECKED_ON } as const;

/** Past this age a built-in catalog is probably out of date: start-up says so (never refuses to start). */
export const STALE_CATALOG_DAYS = 120;

/**
 * One log line's text when a built-in catalog is older than STALE_CATALOG_DAYS on `today`
 * (YYYY-MM-DD), else undefined. Rows an operator's PRICES_FILE sets are the operator's to date.
 */
export function staleCatalogWarning(today: string, dates: Readonly<Record<string, string>> = CATALOG_DATES): string | undefined {
  const day = 86_400_000;
  const stale = Object.entries(dates).filter(([, checkedOn]) => (Date.parse(today) - Date.parse(checkedOn)) / day > STALE_CATALOG_DAYS);
  if (stale.length === 0) return undefined;
  const list = stale.map(([service, checkedOn]) => `${service} (checked ${checkedOn})`).join(', ');
  return `The built-in model catalogs of ${list} are more than ${STALE_CATALOG_DAYS} days old: prices, defaults and retirements may be out of date. ` +
    'Update them (docs/keeping-models-current.md) or set PRICES_FILE.';
}

export function loadPrices(pricesFile: string | undefined): TPriceTable {
  if (!pricesFile) return BUILT_IN_PRICES;
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
  return mergePrices(BUILT_IN_PRICES, parsed.data);
}
