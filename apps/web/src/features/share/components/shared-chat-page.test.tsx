import { rehypeHighlightCode } from '@promptpair/answer-markdown/highlight';
import { MarkdownView } from '@promptpair/answer-markdown/render';
import { CONVERSATION_RECORD_TEXTS, MARKDOWN_ACTION_TEXTS, MESSAGES, PAGE_ROUTES, SHARED_PAGE_DATA_ID, sharedChatApiPath, type TSharedChat, type TSharedPageData } from '@promptpair/contract';
import { MARKDOWN_TEXTS } from '@promptpair/contract/comparison-markdown';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expectNothingRuns, HOSTILE_ANSWER, MARKDOWN_ANSWER } from '../../../test/answers.ts';
import { aResult, mockFetch } from '../../../test/fetch-mock.ts';
import { SharedChatPage } from './shared-chat-page.tsx';

// The Markdown renderer is loaded on demand; loading it first keeps its first use within the wait of a find.
beforeAll(async () => {
  await import('../../../components/answer/markdown-answer.tsx');
});

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';

function renderPage(answer: () => Response) {
  const { requests } = mockFetch({ [`GET ${sharedChatApiPath(HASH)}`]: answer });
  render(
    <Router hook={memoryLocation({ path: `/chatid/${HASH}` }).hook}>
      <Route path={PAGE_ROUTES.sharedChat} component={SharedChatPage} />
    </Router>,
  );
  return { requests };
}

const shared: TSharedChat = {
  chatGPT: aResult({ message: 'GPT line one\nline two', tokens: 7 }),
  palmAPI: aResult({ message: null, tokens: null, rawOutput: null, errorMsg: 'Palm API had an internal error.' }),
  prompt: 'What is the shared prompt?',
  created_at: '2024-01-01T00:00:00.000Z',
};

describe('SharedChatPage', () => {
  it('shows Loading..., then the prompt and both results read-only under their titles', async () => {
    renderPage(() => Response.json(shared));
    expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
    const chatGPT = await screen.findByRole('region', { name: 'ChatGPT' });
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
    expect(screen.getByText('What is the shared prompt?')).toBeInTheDocument();
    expect(within(chatGPT).getByText(/GPT line one/)).toBeInTheDocument();
    expect(chatGPT).toHaveTextContent('7');
    const palm = screen.getByRole('region', { name: 'Palm API' });
    expect(within(palm).getByText('Palm API had an internal error.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // Read-only: the Markdown copy (loaded with the comparison), the view switch and the answer's copy button, nothing that sends.
    await screen.findByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      MARKDOWN_ACTION_TEXTS.copy,
      MARKDOWN_ACTION_TEXTS.download,
      'Rendered',
      'Plain text',
      'Copy ChatGPT answer',
    ]);
  });

  it('copies the comparison as Markdown: prompt, settings sent, both sides and the vote', async () => {
    const user = userEvent.setup();
    const voted: TSharedChat = {
      ...shared,
      settings: { chatGPT: { model: 'gpt-4o-mini', temperature: 0.5 }, palmAPI: null },
      vote: { answerA: 'b', choice: 'a', possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: '2024-01-01T00:01:00.000Z' },
    };
    renderPage(() => Response.json(voted));
    await user.click(await screen.findByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }));
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('## Prompt\n\n```text\nWhat is the shared prompt?\n```');
    expect(markdown).toContain('- Temperature: `0.5`');
    expect(markdown).toContain(`**Settings sent**\n\n${'Left out of this comparison.'}`);
    expect(markdown).toContain('```markdown\nGPT line one\nline two\n```');
    expect(markdown).toContain('```text\nPalm API had an internal error.\n```');
    expect(markdown).toContain('## Blind vote\n\nA was better (Answer A was Palm API).');
  });

  it('names a general pair’s sides by service and model: titles, verdict, costs, settings, vote and the Markdown copy', async () => {
    const user = userEvent.setup();
    const general: TSharedChat = {
      chatGPT: aResult({ message: 'Claude answers first.', elapsedTime: 1, cost: 0.002 }),
      palmAPI: aResult({ message: 'The router answers second.', elapsedTime: 2, cost: 0.001 }),
      prompt: 'Any pair?',
      created_at: '2024-01-01T00:00:00.000Z',
      settings: { chatGPT: { temperature: 0.5 }, palmAPI: {} },
      vote: { answerA: 'b', choice: 'a', possiblyUnblinded: false, selfNamed: { a: false, b: false }, votedAt: '2024-01-01T00:01:00.000Z' },
      sides: {
        a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-haiku-5-5' },
        b: { service: 'router', kind: 'openai-compatible', name: 'Model Router', model: 'qwen/qwen3-32b' },
      },
    };
    renderPage(() => Response.json(general));
    const left = await screen.findByRole('region', { name: 'Claude · claude-haiku-5-5' });
    expect(within(left).getByText('Claude answers first.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Model Router · qwen/qwen3-32b' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ChatGPT' })).not.toBeInTheDocument();
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent('Claude · claude-haiku-5-5 finished first');
    expect(verdict).toHaveTextContent('Model Router · qwen/qwen3-32b cost less');
    expect(screen.getByText(/Answer A was Model Router · qwen\/qwen3-32b/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Model Router · qwen/qwen3-32b settings' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }));
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('## Claude · claude-haiku-5-5\n');
    expect(markdown).toContain('## Model Router · qwen/qwen3-32b\n');
    expect(markdown).toContain('Answer A was Model Router · qwen/qwen3-32b');
    expect(markdown).not.toMatch(/ChatGPT|Palm API/);
  });

  it('shows a general pair’s sent settings by each side’s kind: an Anthropic system prompt, top-k and stop sequences', async () => {
    const user = userEvent.setup();
    renderPage(() =>
      Response.json({
        ...shared,
        chatGPT: aResult({ message: 'Claude answers.' }),
        // The spec's schema's reading drops what only Anthropic takes; the kind's reading keeps it.
        settings: { chatGPT: { model: 'claude-sonnet-4-6', temperature: 0.3 }, palmAPI: { temperature: 0.5 } },
        sideSettings: {
          a: { kind: 'anthropic', settings: { model: 'claude-sonnet-4-6', system: 'Be brief.', temperature: 0.3, topK: 20, stopSequences: ['END', 'STOP'] } },
          b: { kind: 'google', settings: { temperature: 0.5 } },
        },
        sides: {
          a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-sonnet-4-6' },
          b: { service: 'palm', kind: 'google', name: 'Palm API', model: 'gemini-3-flash-preview' },
        },
      } satisfies TSharedChat),
    );
    const claude = await screen.findByRole('region', { name: 'Claude · claude-sonnet-4-6 settings' });
    const shown = (label: string) => within(claude).getByText(label).nextElementSibling?.textContent;
    expect(shown('System prompt')).toBe('Be brief.');
    expect(shown('Top K')).toBe('20');
    expect(shown('Stop sequences')).toBe('END, STOP');
    expect(shown('Temperature')).toBe('0.3');
    await user.click(await screen.findByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }));
    expect(await screen.findByText(MARKDOWN_TEXTS.copied)).toBeInTheDocument();
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('- Top K: `20`');
    expect(markdown).toContain('- Stop sequences: `END, STOP`');
  });

  it('renders a Markdown answer with its table and highlighted code, and runs nothing from a hostile one', async () => {
    renderPage(() =>
      Response.json({ ...shared, chatGPT: aResult({ message: MARKDOWN_ANSWER }), palmAPI: aResult({ message: HOSTILE_ANSWER, stopped: true }) }),
    );
    const chatGPT = await screen.findByRole('region', { name: 'ChatGPT answer' });
    const table = await within(chatGPT).findByRole('table');
    expect(within(table).getByRole('cell', { name: 'n log n' })).toBeInTheDocument();
    await waitFor(() => expect(chatGPT.querySelector('pre code .hljs-keyword')).toHaveTextContent('def'));
    const palm = screen.getByRole('region', { name: 'Palm API answer' });
    expectNothingRuns(palm);
    expect(within(palm.closest('section')!).getByText('Stopped')).toBeInTheDocument();
  });

  it('shows empty content with a short note when the link is unknown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(() => Response.json({ message: 'Not found.', code: 'not_found' }, { status: 404 }));
    expect(await screen.findByText(MESSAGES.sharedNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
  });
});

/** An answer as the server renders it for the page's HTML: the shared configuration, to static markup. */
const serverHtml = (text: string) => renderToStaticMarkup(<MarkdownView text={text} highlighter={rehypeHighlightCode} />);

/** The comparison in the page's HTML, as the server writes it for /chatid/{hash}. */
function embed(data: TSharedPageData) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SHARED_PAGE_DATA_ID;
  element.textContent = JSON.stringify(data);
  document.head.append(element);
}

describe('SharedChatPage with the comparison in its HTML', () => {
  afterEach(() => document.getElementById(SHARED_PAGE_DATA_ID)?.remove());

  it('shows the answers the server rendered in its first render, asking nothing of the API', async () => {
    const user = userEvent.setup();
    const chat = { ...shared, chatGPT: aResult({ message: MARKDOWN_ANSWER }), palmAPI: aResult({ message: HOSTILE_ANSWER }) };
    embed({ hash: HASH, chat, html: { chatGPT: serverHtml(MARKDOWN_ANSWER), palmAPI: serverHtml(HOSTILE_ANSWER) } });
    const { requests } = renderPage(() => Response.json({ message: 'Not found.' }, { status: 404 }));
    // No 'Loading...' first: the page paints once, finished.
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
    const chatGPT = screen.getByRole('region', { name: 'ChatGPT answer' });
    expect(within(chatGPT).getByRole('cell', { name: 'n log n' })).toBeInTheDocument();
    expect(chatGPT.querySelector('pre code .hljs-keyword')).toHaveTextContent('def');
    expectNothingRuns(screen.getByRole('region', { name: 'Palm API answer' }));

    // The code block gets its copy button, which copies the code as written.
    await user.click(within(chatGPT).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('def double(x):\n    return x * 2\n');
    expect(within(chatGPT).getByText(MESSAGES.codeCopied)).toBeInTheDocument();

    // Plain text shows the answer as written; Rendered brings the server's rendering back.
    await user.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(within(chatGPT).queryByRole('table')).not.toBeInTheDocument();
    expect(chatGPT).toHaveTextContent('| quick | n log n |');
    await user.click(screen.getByRole('button', { name: 'Rendered' }));
    expect(within(chatGPT).getByRole('table')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('renders in the browser an answer the server left out (too long), waiting for the renderer rather than shifting', async () => {
    const chat = { ...shared, chatGPT: aResult({ message: MARKDOWN_ANSWER }), palmAPI: aResult({ message: 'Short.' }) };
    embed({ hash: HASH, chat, html: { chatGPT: null, palmAPI: serverHtml('Short.') } });
    const { requests } = renderPage(() => Response.json({ message: 'Not found.' }, { status: 404 }));
    expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
    const chatGPT = await screen.findByRole('region', { name: 'ChatGPT answer' });
    expect(within(chatGPT).getByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(chatGPT.querySelector('pre code .hljs-keyword')).toHaveTextContent('def'));
    expect(requests).toEqual([]);
  });

  it('ignores a comparison carried for another hash and loads its own', async () => {
    embed({ hash: 'another-hash-0000000000', chat: shared, html: { chatGPT: serverHtml('Someone else.'), palmAPI: null } });
    renderPage(() => Response.json(shared));
    const chatGPT = await screen.findByRole('region', { name: 'ChatGPT' });
    expect(within(chatGPT).getByText(/GPT line one/)).toBeInTheDocument();
    expect(screen.queryByText('Someone else.')).not.toBeInTheDocument();
  });
});

describe('SharedChatPage for a conversation', () => {
  afterEach(() => document.getElementById(SHARED_PAGE_DATA_ID)?.remove());

  const turn = (n: number) => ({
    turn: n,
    prompt: `Prompt of turn ${n}`,
    created_at: `2024-01-01T00:0${n}:00.000Z`,
    chatGPT: aResult({ message: `**Claude** answer ${n}` }),
    palmAPI: aResult({ message: `ChatGPT answer ${n}` }),
  });
  const turns = [turn(1), turn(2), turn(3)];
  const conversation: TSharedChat = {
    ...turns[2]!,
    sides: { a: { service: 'claude', kind: 'anthropic', name: 'Claude', model: 'claude-haiku-5-5' }, b: { service: 'chatgpt', kind: 'openai', name: 'ChatGPT', model: 'gpt-4o' } },
    conversation: { id: 'c-1', turns },
  };

  it('shows every turn in order with its prompt, verdict and both answers as the server rendered them, asking nothing of the API', async () => {
    const user = userEvent.setup();
    embed({
      hash: HASH,
      chat: conversation,
      html: { chatGPT: serverHtml('**Claude** answer 3'), palmAPI: serverHtml('ChatGPT answer 3') },
      turnsHtml: turns.map((t) => ({ chatGPT: serverHtml(t.chatGPT.message!), palmAPI: serverHtml(t.palmAPI.message!) })),
    });
    const { requests } = renderPage(() => Response.json({ message: 'Not found.' }, { status: 404 }));
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
    expect(screen.getByText(CONVERSATION_RECORD_TEXTS.sharedTurns(3))).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2, name: /^Turn/ }).map((h) => h.textContent)).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
    expect(screen.getAllByText(/^Prompt of turn \d$/).map((p) => p.textContent)).toEqual(['Prompt of turn 1', 'Prompt of turn 2', 'Prompt of turn 3']);
    // Side a's answers, rendered by the server (the bold is markup, not asterisks), one per turn, in order.
    const claude = screen.getAllByRole('region', { name: 'Claude · claude-haiku-5-5 answer' });
    expect(claude.map((region) => region.querySelector('strong')?.textContent)).toEqual(['Claude', 'Claude', 'Claude']);
    expect(claude.map((region) => /Claude answer \d/.exec(region.textContent ?? '')?.[0])).toEqual(['Claude answer 1', 'Claude answer 2', 'Claude answer 3']);
    // One verdict per turn.
    expect(screen.getAllByRole('heading', { level: 2, name: 'Verdict' })).toHaveLength(3);

    // The Markdown copy holds every turn.
    await user.click(await screen.findByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }));
    const markdown = await navigator.clipboard.readText();
    expect([...markdown.matchAll(/^## (Turn \d)$/gm)].map((m) => m[1])).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
    expect(markdown).toContain('```text\nPrompt of turn 2\n```');
    expect(markdown).toContain('### Claude · claude-haiku-5-5');
    expect(requests).toEqual([]);
  });

  it('shows a regenerated answer as a second row of its turn, after the first', () => {
    const again = { ...turns[2]!, chatGPT: turns[2]!.chatGPT, palmAPI: aResult({ message: 'ChatGPT answer 3, again' }), choice: { kind: 'regenerate' as const, side: 'b' as const } };
    const chat = { ...conversation, conversation: { id: 'c-1', turns: [...turns, again] } };
    const none = { chatGPT: null, palmAPI: null };
    embed({ hash: HASH, chat, html: none, turnsHtml: [none, none, none, none] });
    vi.spyOn(console, 'error');
    renderPage(() => Response.json(chat));
    return waitFor(() => {
      expect(screen.getAllByRole('heading', { level: 2, name: /^Turn/ }).map((h) => h.textContent)).toEqual(['Turn 1', 'Turn 2', 'Turn 3', 'Turn 3']);
      expect(screen.getByText(CONVERSATION_RECORD_TEXTS.choice('regenerate', 'ChatGPT · gpt-4o'))).toBeInTheDocument();
      expect(new Set(screen.getAllByRole('heading', { level: 2, name: /^Turn/ }).map((h) => h.id)).size).toBe(4);
      // No duplicate React keys.
      expect(console.error).not.toHaveBeenCalled();
    });
  });

  it('says a side was not asked on a turn sent to the other side only', () => {
    const skipped = { ...turns[1]!, palmAPI: aResult({ message: null, tokens: null, rawOutput: null, elapsedTime: 0, skipped: true }), choice: { kind: 'only' as const, side: 'a' as const } };
    const chat = { ...conversation, conversation: { id: 'c-1', turns: [turns[0]!, skipped] } };
    embed({ hash: HASH, chat, html: { chatGPT: null, palmAPI: null }, turnsHtml: [{ chatGPT: null, palmAPI: null }, { chatGPT: null, palmAPI: null }] });
    renderPage(() => Response.json(chat));
    return waitFor(() => {
      const gpt = screen.getAllByRole('region', { name: 'ChatGPT · gpt-4o answer' });
      expect(gpt).toHaveLength(2);
      expect(gpt[1]).toHaveTextContent(CONVERSATION_RECORD_TEXTS.notAsked);
      expect(gpt[0]).not.toHaveTextContent(CONVERSATION_RECORD_TEXTS.notAsked);
      // The turn says what was chosen for it.
      expect(screen.getByText(CONVERSATION_RECORD_TEXTS.choice('only', 'Claude · claude-haiku-5-5'))).toBeInTheDocument();
    });
  });
});
