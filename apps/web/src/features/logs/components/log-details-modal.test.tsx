import { API_ROUTES, CONVERSATION_RECORD_TEXTS, logDownloadPath, MARKDOWN_ACTION_TEXTS, MESSAGES, NEXT_CURSOR_HEADER, NOT_LOGGED_SIDE, type TLogRecord } from '@promptpair/contract';
import { MARKDOWN_TEXTS } from '@promptpair/contract/comparison-markdown';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNothingRuns, HOSTILE_ANSWER, MARKDOWN_ANSWER } from '../../../test/answers.ts';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { LOG_TABLE_LIMIT } from '../hooks/use-log-details.ts';
import { LogDetailsModal } from './log-details-modal.tsx';

// The Markdown renderer is loaded on demand; loading it first keeps its first use within the wait of a find.
beforeAll(async () => {
  await import('../../../components/answer/markdown-answer.tsx');
});

// A canvas cannot draw in jsdom; the stand-in shows the chart was loaded and with what.
vi.mock('./history-chart.tsx', () => ({
  HistoryCharts: ({ rows }: { rows: unknown[] }) => <div data-testid="history-charts">{rows.length} points</div>,
}));

// The table asks for each record's sent settings, for the Markdown copy.
const LOG_PATH = `${API_ROUTES.logDetails}?limit=${LOG_TABLE_LIMIT}&include=settings`;
const side = (message: string, tokens: number, elapsedTime: number, errorMsg: string | null = null) =>
  JSON.stringify({ message, tokens, rawOutput: { id: 'r' }, elapsedTime, errorMsg });

const records: TLogRecord[] = [
  {
    id: 'b',
    prompt_message: 'Second prompt',
    chatGPT_data: side('', 0, 0.5, 'ChatGPT rejected the API key.'),
    palm_data: JSON.stringify(NOT_LOGGED_SIDE),
    created_at: '2024-03-05T14:07:00.000Z',
  },
  { id: 'a', prompt_message: 'First prompt', chatGPT_data: side('Hello from GPT', 12, 1.25), palm_data: side('Hi from Palm', 9, 2), created_at: '2024-03-04T09:30:00.000Z' },
];

const renderModal = (answer: () => Response) => {
  mockFetch({ [`GET ${LOG_PATH}`]: answer });
  render(<LogDetailsModal show onHide={() => undefined} />);
};

describe('LogDetailsModal', () => {
  it('renders each answer as Markdown (table, highlighted code), runs nothing from a hostile one, and switches to plain text', async () => {
    const user = userEvent.setup();
    const markdown: TLogRecord = {
      id: 'm',
      prompt_message: 'Markdown please',
      chatGPT_data: JSON.stringify({ message: MARKDOWN_ANSWER, tokens: 40, rawOutput: null, elapsedTime: 2.5, timeToFirstToken: 0.5, errorMsg: null }),
      palm_data: JSON.stringify({ message: HOSTILE_ANSWER, tokens: null, rawOutput: null, elapsedTime: 1, errorMsg: null, stopped: true }),
      created_at: '2024-03-05T14:07:00.000Z',
    };
    renderModal(() => Response.json([markdown]));
    const chat = await screen.findByRole('group', { name: 'ChatGPT answer' });
    const table = await within(chat).findByRole('table');
    expect(within(table).getByRole('cell', { name: 'n log n' })).toBeInTheDocument();
    await waitFor(() => expect(chat.querySelector('pre code .hljs-keyword')).toHaveTextContent('def'));
    expect(chat.closest('td')).toHaveTextContent('40 tokens · 2.50 s · first token 0.50 s · 20.0 tokens/s');
    const palm = screen.getByRole('group', { name: 'Palm API answer' });
    expectNothingRuns(palm);
    expect(within(palm.closest('td')!).getByText('Stopped')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(within(chat).queryByRole('table')).toBeNull();
    expect(chat.textContent).toBe(MARKDOWN_ANSWER);
    expectNothingRuns(palm);
  });

  it("shows Loading..., then the table with dates in the visitor's locale, answers, tokens and errors", async () => {
    renderModal(() => Response.json(records));
    const dialog = screen.getByRole('dialog', { name: 'Log Details' });
    expect(dialog).toHaveTextContent(MESSAGES.loading);
    const table = await within(dialog).findByRole('table');
    const [header, newest, oldest] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Prompt', 'ChatGPT', 'Palm API', 'Cost', 'Running total', 'Blind vote']);

    const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
    const oldestCells = within(oldest!).getAllByRole('cell');
    expect(oldestCells[0]).toHaveTextContent(longDate.format(new Date('2024-03-04T09:30:00.000Z')));
    expect(oldestCells[1]).toHaveTextContent('First prompt');
    expect(oldestCells[2]).toHaveTextContent('Hello from GPT');
    expect(oldestCells[2]).toHaveTextContent('12 tokens · 1.25 s');
    expect(oldestCells[3]).toHaveTextContent('Hi from Palm');

    const newestCells = within(newest!).getAllByRole('cell');
    expect(newestCells[0]).toHaveTextContent(longDate.format(new Date('2024-03-05T14:07:00.000Z')));
    expect(newestCells[2]).toHaveTextContent('ChatGPT rejected the API key.');
    expect(newestCells[3]).toHaveTextContent('Not logged');
  });

  it('names a general pair’s sides by service and model: headings when every row ran on it, each cell beside the spec’s pair, the vote and the Markdown copy', async () => {
    const user = userEvent.setup();
    const general: TLogRecord = {
      ...records[1]!,
      id: 'g',
      prompt_message: 'General prompt',
      sides: { a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-haiku-5-5' }, b: { service: 'local', kind: 'openai-compatible', name: 'Local Models', model: 'llama3.3:70b' } },
      vote: { answerA: 'b', choice: 'a', possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: '2024-03-04T09:31:00.000Z' },
    };
    renderModal(() => Response.json([general]));
    const table = await screen.findByRole('table');
    const [header, row] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Prompt', 'Claude · claude-haiku-5-5', 'Local Models · llama3.3:70b', 'Cost', 'Running total', 'Blind vote']);
    expect(screen.getByRole('group', { name: 'Claude · claude-haiku-5-5 answer' })).toHaveTextContent('Hello from GPT');
    expect(within(row!).getAllByRole('cell')[6]).toHaveTextContent('A: Local Models · llama3.3:70b, B: Claude · claude-haiku-5-5');
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${MARKDOWN_ACTION_TEXTS.copy}`) }));
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('## Claude · claude-haiku-5-5\n');
    expect(markdown).toContain('## Local Models · llama3.3:70b\n');
  });

  it('heads mixed pairs by place and names a general pair’s sides in their cells', async () => {
    const general: TLogRecord = { ...records[1]!, id: 'g', sides: { a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-haiku-5-5' }, b: { service: 'palm', kind: 'google', name: 'Palm API', model: 'gemini-2.5-flash' } } };
    renderModal(() => Response.json([general, { ...records[1]!, id: 'spec' }]));
    const table = await screen.findByRole('table');
    const [header, generalRow, specRow] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent).slice(2, 4)).toEqual(['Left side', 'Right side']);
    expect(within(generalRow!).getAllByRole('cell')[2]).toHaveTextContent('Claude · claude-haiku-5-5');
    expect(within(generalRow!).getAllByRole('cell')[3]).toHaveTextContent('Palm API · gemini-2.5-flash');
    expect(screen.getByRole('group', { name: 'ChatGPT answer' })).toHaveTextContent('Hello from GPT');
    expect(within(specRow!).getAllByRole('cell')[2]).not.toHaveTextContent(/Claude|ChatGPT/);
  });

  it("copies a row as Markdown with each side's service, model and the settings it was sent with", async () => {
    const user = userEvent.setup();
    const withSettings: TLogRecord = {
      ...records[1]!,
      settings: { chatGPT: { model: 'gpt-4o-mini', temperature: 0.3 }, palmAPI: { model: 'models/gemini-2.0-flash', topK: 5 } },
    };
    renderModal(() => Response.json([withSettings, { ...records[0]!, settings: { chatGPT: { model: 'gpt-4o' }, palmAPI: null } }]));
    // Rows keep the server's order: the first is the record with both sides' settings.
    const [first] = await screen.findAllByRole('button', { name: new RegExp(`^${MARKDOWN_ACTION_TEXTS.copy}`) });
    await user.click(first!);
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('## ChatGPT\n');
    expect(markdown).toContain('## Palm API\n');
    expect(markdown).toContain('| Model | `gpt-4o-mini` |');
    expect(markdown).toContain('| Model | `models/gemini-2.0-flash` |');
    expect(markdown).toContain('- Temperature: `0.3`');
    expect(markdown).toContain('- Top K: `5`');
    expect(markdown).not.toContain(MARKDOWN_TEXTS.settingsNotKept);
  });

  it('says the settings were not kept for a record from before they were', async () => {
    const user = userEvent.setup();
    renderModal(() => Response.json([records[1]]));
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${MARKDOWN_ACTION_TEXTS.copy}`) }));
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain(`**Settings sent**\n\n${MARKDOWN_TEXTS.settingsNotKept}`);
  });

  it('offers the whole log as CSV and JSON downloads', async () => {
    renderModal(() => Response.json(records));
    const csv = await screen.findByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', logDownloadPath('csv'));
    expect(csv).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download JSON' })).toHaveAttribute('href', logDownloadPath('json'));
  });

  it('draws the history chart once there is a log', async () => {
    renderModal(() => Response.json(records));
    expect(await screen.findByTestId('history-charts')).toHaveTextContent('2 points');
  });

  it('shows the docs/product.md §8 text when the log cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderModal(() => Response.json({ message: 'boom' }, { status: 500 }));
    expect(await screen.findByText(MESSAGES.logFetchFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('says how to log when there is nothing yet', async () => {
    renderModal(() => Response.json([]));
    expect(await screen.findByText(MESSAGES.logEmpty)).toBeInTheDocument();
  });

  it('pages through a long log with the server cursor, older comparisons below', async () => {
    const page = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ ...records[1]!, id: `${prefix}-${i}`, prompt_message: `${prefix} ${i}` }));
    mockFetch({
      [`GET ${LOG_PATH}`]: () => Response.json(page('newer', LOG_TABLE_LIMIT), { headers: { [NEXT_CURSOR_HEADER]: 'cursor-1' } }),
      [`GET ${LOG_PATH}&cursor=cursor-1`]: () => Response.json(page('older', 3)),
    });
    render(<LogDetailsModal show onHide={() => undefined} />);
    const more = await screen.findByRole('button', { name: 'Load older comparisons' });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(LOG_TABLE_LIMIT + 1);
    await userEvent.click(more);
    expect(await screen.findByText('older 2')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(LOG_TABLE_LIMIT + 4);
    expect(screen.queryByRole('button', { name: 'Load older comparisons' })).not.toBeInTheDocument();
  });

  it('offers no older page on the last page', async () => {
    renderModal(() => Response.json(records));
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Load older comparisons' })).not.toBeInTheDocument();
  });
});

describe('LogDetailsModal with a conversation', () => {
  const sides = { a: { service: 'claude', kind: 'anthropic', model: 'claude-haiku-5-5', name: 'Claude' }, b: { service: 'chatgpt', kind: 'openai', model: 'gpt-4o', name: 'ChatGPT' } };
  const turn = (n: number, palm: string): TLogRecord => ({
    id: `t${n}`,
    prompt_message: `Turn prompt ${n}`,
    chatGPT_data: side(`Claude says ${n}`, 5, 1),
    palm_data: palm,
    created_at: `2024-03-06T10:0${n}:00.000Z`,
    sides,
    conversation: { id: 't1', turn: n },
  });
  // As the server sends them: the conversation's turns together, newest first, then a single comparison.
  const asked = { ...turn(2, JSON.stringify({ message: null, tokens: null, rawOutput: null, elapsedTime: 0, errorMsg: null, skipped: true })), conversation: { id: 't1', turn: 2, choice: { kind: 'only' as const, side: 'a' as const } } };
  const conversation = [turn(1, side('GPT says 1', 4, 1)), asked, turn(3, side('', 0, 0.5, 'ChatGPT had an internal error.'))];
  // A comparison nobody followed up: a conversation of one row, shown as a single comparison.
  const single: TLogRecord = { ...records[1]!, conversation: { id: 'a', turn: 1 } };

  it('shows one entry headed by the conversation, its turns in order with each answer’s status, and copies every turn as Markdown', async () => {
    const user = userEvent.setup();
    renderModal(() => Response.json([...conversation].reverse().concat(single)));
    const group = await screen.findByRole('rowgroup', { name: CONVERSATION_RECORD_TEXTS.logConversation(3) });
    const rows = within(group).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Turn 1Turn prompt 1', `Turn 2${CONVERSATION_RECORD_TEXTS.choice('only', 'Claude · claude-haiku-5-5')}Turn prompt 2`, 'Turn 3Turn prompt 3']);
    expect(within(rows[2]!).getByText(CONVERSATION_RECORD_TEXTS.notAsked)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(CONVERSATION_RECORD_TEXTS.choice('only', 'Claude · claude-haiku-5-5'))).toBeInTheDocument();
    expect(within(rows[3]!).getByText('ChatGPT had an internal error.')).toBeInTheDocument();
    // The single comparison keeps its own row and Markdown copy, with no turn number.
    const singleRow = screen.getByText('First prompt').closest('tr')!;
    expect(within(singleRow).queryByText('Turn 1')).not.toBeInTheDocument();
    expect(await within(singleRow).findByRole('button', { name: new RegExp(MARKDOWN_ACTION_TEXTS.copy) })).toBeInTheDocument();
    expect(screen.getAllByRole('rowgroup', { name: CONVERSATION_RECORD_TEXTS.logConversation(3) })).toHaveLength(1);

    await user.click(await within(rows[0]!).findByRole('button', { name: new RegExp(MARKDOWN_ACTION_TEXTS.copy) }));
    const markdown = await navigator.clipboard.readText();
    expect(markdown.startsWith(`# ${MARKDOWN_TEXTS.conversationTitle}`)).toBe(true);
    expect([...markdown.matchAll(/^## (Turn \d)$/gm)].map((m) => m[1])).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
    expect(markdown).toContain('```markdown\nClaude says 2\n```');
    expect(markdown).toContain(`## Turn 2\n\n_${CONVERSATION_RECORD_TEXTS.choice('only', 'Claude · claude-haiku-5-5')}_`);
  });
});
