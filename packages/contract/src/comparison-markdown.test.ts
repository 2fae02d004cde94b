import { describe, expect, it } from 'vitest';
import { comparisonMarkdown, conversationMarkdown, MARKDOWN_TEXTS, type ComparisonMarkdownInput } from './comparison-markdown.ts';

const KEY = 'sk-test-SECRET-0123456789abcdef';
const GOOGLE_KEY = 'AIzaSyDUMMY-google-key-000000000';

const answerWithCode = 'Here is code:\n\n```js\nconsole.log(`hi`);\n```\n\n\n\nThree blank lines above stay.\n| a | b |';
const input = (extra: Partial<ComparisonMarkdownInput> = {}): ComparisonMarkdownInput => ({
  prompt: 'Say `hi` in ```code```\nand | a pipe',
  createdAt: '2026-11-27T10:00:00.000Z',
  a: {
    settings: {
      model: 'gpt-4o-mini',
      temperature: 0.7,
      apiKey: KEY,
      logOutput: true,
      messages: [{ role: 'system', content: 'Be brief.' }],
      somethingElse: 'not a setting',
    },
    result: { message: answerWithCode, errorMsg: null, tokens: 42, elapsedTime: 2.5, timeToFirstToken: 0.3, cost: 0.002, model: 'gpt-4o-mini-2024-07-18' },
  },
  b: {
    settings: { model: 'gemini-2.0-flash', topK: 40, maxOutputTokens: 256, apiKey: GOOGLE_KEY },
    result: { message: 'Hi.', errorMsg: null, tokens: 7, elapsedTime: 1.2, timeToFirstToken: 0.9, cost: null, model: 'gemini-2.0-flash' },
  },
  similarity: 0.68,
  ...extra,
});

/** The contents of every fenced block, in order, as a reader of the Markdown would get them back. */
function fencedBlocks(markdown: string): { info: string; text: string }[] {
  const blocks: { info: string; text: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\w*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== indent + fence; i++) body.push((lines[i] ?? '').slice(indent.length));
    blocks.push({ info, text: body.join('\n') });
  }
  return blocks;
}

describe('a comparison as Markdown', () => {
  it('holds the prompt and both answers exactly as written, backticks and blank lines included', () => {
    const blocks = fencedBlocks(comparisonMarkdown(input()));
    expect(blocks[0]).toEqual({ info: 'text', text: 'Say `hi` in ```code```\nand | a pipe' });
    expect(blocks.filter((b) => b.info === 'markdown').map((b) => b.text)).toEqual([answerWithCode, 'Hi.']);
  });

  it('gives each side its service, model, timings, tokens, cost and the settings sent', () => {
    const markdown = comparisonMarkdown(input());
    expect(markdown.startsWith(`# ${MARKDOWN_TEXTS.title}\n\nMade on 2026-11-27T10:00:00.000Z.\n\n## Prompt\n`)).toBe(true);
    expect(markdown).toContain(
      '## ChatGPT\n\n| Measure | Value |\n| --- | --- |\n| Model | `gpt-4o-mini-2024-07-18` |\n| Time to first token | 0.30 s |\n| Elapsed time | 2.50 s |\n| Tokens | 42 |\n| Cost | $0.002 |\n',
    );
    expect(markdown).toContain('**Settings sent**\n\n- Temperature: `0.7`\n- Messages before the prompt:\n\n  ```text\n  system: Be brief.\n  ```\n');
    expect(markdown).toContain('## Palm API\n\n| Measure | Value |\n| --- | --- |\n| Model | `gemini-2.0-flash` |\n| Time to first token | 0.90 s |\n| Elapsed time | 1.20 s |\n| Tokens | 7 |\n| Cost | price unknown |\n');
    expect(markdown).toContain('- Top K: `40`\n- Max output tokens: `256`');
  });

  it('says the verdict in the page\'s own sentences', () => {
    const markdown = comparisonMarkdown(input());
    expect(markdown).toContain(
      '## Verdict\n\n- ChatGPT started first (0.30 s against 0.90 s for Palm API).\n- Palm API finished first (1.20 s against 2.50 s for ChatGPT).\n' +
        '- Cost cannot be compared: price unknown for Palm API.\n- ChatGPT: 16 words; Palm API: 1 word.\n- The answers share 68% of their words.\n',
    );
  });

  it('never holds an API key, nor a field that is not a named setting', () => {
    const markdown = comparisonMarkdown(input({ ownKey: true }));
    expect(markdown).not.toContain(KEY);
    expect(markdown).not.toContain(GOOGLE_KEY);
    expect(markdown).not.toMatch(/apiKey|logOutput|somethingElse/);
    expect(markdown).toContain('_Cost is an estimate at list prices; your own account may be billed differently._');
  });

  it('has a blind vote only when there is one', () => {
    expect(comparisonMarkdown(input())).not.toContain(MARKDOWN_TEXTS.blindVote);
    const voted = comparisonMarkdown(input({ vote: { choice: 'b', answerA: 'b', possiblyUnblinded: true } }));
    expect(voted).toContain('## Blind vote\n\nB was better (Answer A was Palm API).\n\nPossibly unblinded: an answer named its own service or maker.\n');
  });

  it('says what it does not know: settings not kept, a side not logged, a failed side, one left out', () => {
    const markdown = comparisonMarkdown(
      input({
        a: { result: null },
        b: { settings: null, result: { message: 'Half an ans', errorMsg: 'The service timed out.', elapsedTime: 30, stopped: true } },
        similarity: null,
      }),
    );
    expect(markdown).toContain(`**Settings sent**\n\n${MARKDOWN_TEXTS.settingsNotKept}\n\n${MARKDOWN_TEXTS.notLogged}\n`);
    expect(markdown).toContain(`**Settings sent**\n\n${MARKDOWN_TEXTS.leftOut}\n\n### Error\n\n\`\`\`text\nThe service timed out.\n\`\`\`\n\n_${MARKDOWN_TEXTS.stopped}_\n\n### Answer\n\n\`\`\`markdown\nHalf an ans\n\`\`\`\n`);
    expect(markdown).toContain('| Time to first token | not known |');
    expect(markdown).toContain('| Tokens | not known |\n| Cost | not known |');
    expect(markdown).toContain('## Verdict\n\n- Neither service answered.\n');
  });

  it("names a general pair's sides by the labels given: headings, verdict and the blind vote", () => {
    const base = input();
    const markdown = comparisonMarkdown({
      ...base,
      a: { ...base.a, label: 'Claude · claude-sonnet-4-6' },
      b: { ...base.b, label: 'Model Router · llama' },
      vote: { choice: 'a', answerA: 'b', possiblyUnblinded: false },
    });
    expect(markdown).toContain('## Claude · claude-sonnet-4-6\n');
    expect(markdown).toContain('## Model Router · llama\n');
    expect(markdown).toContain('(Answer A was Model Router · llama).');
    expect(markdown).not.toMatch(/^## (ChatGPT|Palm API)$/m);
  });

  it('names its file after the comparison, with nothing a file system would refuse', () => {
    expect(MARKDOWN_TEXTS.fileName('abc-123')).toBe('promptpair-comparison-abc-123.md');
    expect(MARKDOWN_TEXTS.fileName('../x/y')).toBe('promptpair-comparison-xy.md');
    expect(MARKDOWN_TEXTS.fileName('')).toBe('promptpair-comparison-export.md');
  });
});

describe('a conversation as Markdown', () => {
  const names = { a: 'Claude · claude-haiku-5-5', b: 'ChatGPT · gpt-4o' };
  const turns = [1, 2, 3].map((turn) => ({ ...input({ prompt: `Prompt ${turn}`, names, createdAt: `2026-11-27T10:0${turn}:00.000Z` }), turn }));

  it('writes every turn in order under its number, each with its prompt, verdict and both sides one heading down', () => {
    const markdown = conversationMarkdown(turns);
    expect(markdown.startsWith(`# ${MARKDOWN_TEXTS.conversationTitle}\n\nMade on 2026-11-27T10:01:00.000Z.\n\n3 turns, in order.\n\n## Turn 1\n\n### Prompt\n`)).toBe(true);
    expect([...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
    expect([...markdown.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(turns.flatMap(() => ['Prompt', 'Verdict', names.a, names.b]));
    expect([...markdown.matchAll(/^#### (.+)$/gm)].map((m) => m[1])).toEqual(turns.flatMap(() => ['Answer', 'Answer']));
    const blocks = fencedBlocks(markdown);
    expect(blocks.filter((b) => b.info === 'text' && b.text.startsWith('Prompt')).map((b) => b.text)).toEqual(['Prompt 1', 'Prompt 2', 'Prompt 3']);
    expect(blocks.filter((b) => b.info === 'markdown').map((b) => b.text)).toEqual(turns.flatMap(() => [answerWithCode, 'Hi.']));
  });

  it('says a side was not asked on a turn sent to the other side only', () => {
    const skipped = { ...turns[1]!, b: { ...turns[1]!.b, result: { message: null, errorMsg: null, elapsedTime: 0, skipped: true } } };
    const markdown = conversationMarkdown([turns[0]!, skipped]);
    expect(markdown.split('## Turn 2')[1]).toContain(`### ${names.b}`);
    expect(markdown.split(`### ${names.b}`).at(-1)).toContain(MARKDOWN_TEXTS.notAsked);
    expect(markdown.split(`### ${names.b}`).at(-1)).not.toContain(MARKDOWN_TEXTS.noAnswer);
  });

  it('never writes a key, whatever the settings hold', () => {
    const markdown = conversationMarkdown(turns);
    expect(markdown).not.toContain(KEY);
    expect(markdown).not.toContain(GOOGLE_KEY);
  });
});
