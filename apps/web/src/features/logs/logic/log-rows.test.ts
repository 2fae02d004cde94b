import { NOT_LOGGED_SIDE, type TLogRecord } from '@promptpair/contract';
import { describe, expect, it } from 'vitest';
import { toLogEntries, toLogRows } from './log-rows.ts';

const side = (cost: number | null | undefined) => JSON.stringify({ message: 'x', tokens: 1, rawOutput: null, elapsedTime: 1, errorMsg: null, ...(cost === undefined ? {} : { cost }) });
const record = (id: string, chat: number | null | undefined, palm: number | null | undefined): TLogRecord => ({
  id, prompt_message: id, chatGPT_data: side(chat), palm_data: side(palm), created_at: '2026-11-23T10:00:00.000Z',
});

describe('log rows', () => {
  it('adds each comparison’s cost and a running total from the oldest listed up, counting unknown prices apart', () => {
    const rows = toLogRows([record('newest', 0.003, null), record('middle', 0.002, 0.0005), record('oldest', 0.001, 0)]);
    expect(rows.map((row) => row.cost)).toEqual([{ total: 0.003, unknown: 1 }, { total: 0.0025, unknown: 0 }, { total: 0.001, unknown: 0 }]);
    expect(rows.map((row) => row.runningCost)).toEqual([{ total: 0.0065, unknown: 1 }, { total: 0.0035, unknown: 0 }, { total: 0.001, unknown: 0 }]);
  });

  it('reads the record’s chatGPT_data as side a’s answer and palm_data as side b’s; an answer not logged is null', () => {
    const [row] = toLogRows([{ ...record('r', 0.001, 0.002), palm_data: JSON.stringify(NOT_LOGGED_SIDE) }]);
    expect(row?.answers.a).toMatchObject({ message: 'x', cost: 0.001 });
    expect(row?.answers.b).toBeNull();
    expect(row?.cost).toEqual({ total: 0.001, unknown: 0 });
  });

  it('keeps a general pair’s sent settings by each side’s kind for the Markdown copy, the spec’s reading otherwise', () => {
    const general: TLogRecord = {
      ...record('general', 0.001, 0.001),
      settings: { chatGPT: { temperature: 0.3 }, palmAPI: null },
      sideSettings: { a: { kind: 'anthropic', settings: { system: 'Be brief.', topK: 20, stopSequences: ['END'] } }, b: null },
    };
    const spec: TLogRecord = { ...record('spec', 0.001, 0.001), settings: { chatGPT: { temperature: 0.4 }, palmAPI: { temperature: 0.5 } } };
    const [generalRow, specRow, older] = toLogRows([general, spec, record('older', 0, 0)]);
    expect(generalRow?.settings).toEqual({ a: { system: 'Be brief.', topK: 20, stopSequences: ['END'] }, b: null });
    expect(specRow?.settings).toEqual({ a: { temperature: 0.4 }, b: { temperature: 0.5 } });
    expect(older).not.toHaveProperty('settings');
  });
});

describe('log entries', () => {
  const turn = (id: string, conversation: string, n: number): TLogRecord => ({ ...record(id, 0.001, 0.001), conversation: { id: conversation, turn: n } });

  it('makes one entry per conversation with its turns in order, and one per single comparison, in the order listed', () => {
    const rows = toLogRows([turn('c1', 'c', 1), turn('c3', 'c', 3), turn('c2', 'c', 2), record('single', 0, 0), turn('d1', 'd', 1)]);
    const entries = toLogEntries(rows);
    expect(entries.map((entry) => (entry.kind === 'single' ? entry.row.id : [entry.id, entry.turns.map((row) => row.conversation?.turn)]))).toEqual([
      ['c', [1, 2, 3]],
      'single',
      // A conversation of one turn is shown as the single comparison it is.
      'd1',
    ]);
  });

  it('joins turns that arrive on a later page to the entry they belong to', () => {
    const entries = toLogEntries(toLogRows([turn('c2', 'c', 2), record('single', 0, 0), turn('c1', 'c', 1)]));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ kind: 'conversation', id: 'c', turns: [{ id: 'c1' }, { id: 'c2' }] });
  });
});
