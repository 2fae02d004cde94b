import { MESSAGES, PAGE_ROUTES, sharedChatApiPath, type TSharedChat } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
    // Read-only: only the view switch and the answer's copy button, nothing that sends.
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Rendered',
      'Plain text',
      'Copy ChatGPT answer',
    ]);
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
