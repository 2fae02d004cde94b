import { CsvError, parse } from 'csv-parse/sync';
import { addProblem, addPrompt, type PromptCollector } from './prompt-checks.ts';

/** csv-parse's words for the usual mistakes, said plainly. */
function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const [, expected, got] = /expect (\d+), got (\d+)/.exec(error.message) ?? [];
      return expected && got
        ? `the row has ${got} fields but the header has ${expected}; quote a field that holds a comma.`
        : 'the row does not have as many fields as the header; quote a field that holds a comma.';
    }
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed (a " is missing).';
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote inside a field must be doubled ("") and the field itself quoted.';
    default:
      return `the CSV cannot be read (${error.message}).`;
  }
}

interface Row {
  record: string[];
  info: { lines: number };
}

/** The line a record starts on: csv-parse reports where it ends, and quoted cells may span lines. */
const startLine = (row: Row) => row.info.lines - row.record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/** A header row naming a "prompt" column (any case), then one prompt per row. */
export function parseCsv(content: string, into: PromptCollector): void {
  let rows: Row[];
  try {
    rows = parse(content, { info: true, bom: true, skip_empty_lines: true }) as unknown as Row[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return addProblem(into, Number(error.lines), describeCsvError(error));
  }
  const [header, ...records] = rows;
  if (!header) return;
  const column = header.record.findIndex((name) => name.trim().toLowerCase() === 'prompt');
  if (column === -1) {
    const found = header.record.map((name) => `"${name}"`).join(', ');
    return addProblem(into, startLine(header), `the header has no "prompt" column (found ${found}).`);
  }
  for (const row of records) addPrompt(into, startLine(row), row.record[column] ?? '');
}
