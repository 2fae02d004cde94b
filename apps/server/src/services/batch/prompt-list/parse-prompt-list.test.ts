import { describe, expect, it } from 'vitest';
import { parsePromptList } from './parse-prompt-list.ts';

describe('parsePromptList', () => {
  it('reads .txt one prompt per line, trimming and skipping blank lines (CRLF and BOM too)', () => {
    expect(parsePromptList('a.TXT', '\uFEFF first \r\n\r\nsecond\n')).toEqual({ ok: true, prompts: ['first', 'second'] });
  });

  it('reads .csv by its "prompt" column in any case, with quoted commas and line breaks', () => {
    const csv = 'id,Prompt\n1,"Hello, world"\n2,"two\nlines"\n';
    expect(parsePromptList('b.csv', csv)).toEqual({ ok: true, prompts: ['Hello, world', 'two\nlines'] });
  });

  it('names the starting line of a record that spans lines', () => {
    const csv = 'prompt,n\n"a\nb",1\n"",2\n';
    expect(parsePromptList('c.csv', csv)).toEqual({ ok: false, problems: ['Line 4: the prompt is empty.'] });
  });

  it('reads .jsonl by its "prompt" field and ignores the others', () => {
    expect(parsePromptList('d.jsonl', '{"prompt":"x","id":1}\n{"prompt":" y "}')).toEqual({ ok: true, prompts: ['x', 'y'] });
  });

  it('explains quoting problems in CSV', () => {
    expect(parsePromptList('e.csv', 'prompt\n"never closed\n')).toEqual({ ok: false, problems: ['Line 2: a quoted field is never closed (a " is missing).'] });
    expect(parsePromptList('e.csv', 'prompt\n"a"b\n')).toMatchObject({ ok: false, problems: [expect.stringMatching(/^Line 2: a quote inside a field/)] });
  });

  it('rejects a JSON line that is not an object', () => {
    expect(parsePromptList('f.jsonl', '["prompt"]')).toMatchObject({ problems: [expect.stringMatching(/^Line 1: expected an object/)] });
  });
});
