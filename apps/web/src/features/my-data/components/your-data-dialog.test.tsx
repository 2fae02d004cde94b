import { API_ROUTES, MY_DATA_MESSAGES, myDataComparisonPath, myDataConversationPath, type TMyData } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { YourDataDialog } from './your-data-dialog.tsx';

const stored = (overrides: Partial<TMyData> = {}): TMyData => ({
  freePromptsUsed: 3,
  comparisons: {
    total: 102,
    latest: [
      { id: 'log-2', prompt: 'Second prompt', created_at: '2025-03-02T10:00:00.000Z', shared: true },
      { id: 'log-1', prompt: 'First prompt', created_at: '2025-03-01T10:00:00.000Z', shared: false },
    ],
  },
  conversations: [{ id: 'conv-1', prompt: 'Opening prompt of a chat', turns: 3, created_at: '2025-03-03T10:00:00.000Z', last_at: '2025-03-03T10:05:00.000Z', shared: false }],
  subscription: { email: 'me@example.com', chatgptKey: 'sk-…abcd', palmapiKey: 'AIz…wxyz', status: 'active', created_at: '2025-03-01T09:00:00.000Z' },
  promptListRuns: [{ id: 'run-1', filename: 'list.txt', status: 'completed', total: 20, created_at: '2025-03-01T11:00:00.000Z' }],
  contactMessages: [{ email: 'me@example.com', message: 'Hello there', created_at: '2025-03-01T12:00:00.000Z' }],
  ...overrides,
});

function renderDialog(routes: Parameters<typeof mockFetch>[0] = {}) {
  const mock = mockFetch({ [`GET ${API_ROUTES.myData}`]: () => Response.json(stored()), ...routes });
  const onHide = vi.fn();
  const onDeletedAll = vi.fn();
  render(<YourDataDialog show onHide={onHide} onDeletedAll={onDeletedAll} />);
  return { ...mock, onHide, onDeletedAll, user: userEvent.setup() };
}

describe('YourDataDialog', () => {
  it('shows what is stored, keys masked, and links the JSON download', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: MY_DATA_MESSAGES.title });
    expect(await within(dialog).findByRole('heading', { name: 'Comparisons (102)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Second prompt')).toBeInTheDocument();
    expect(within(dialog).getByText('Shared')).toBeInTheDocument();
    // 102 comparisons: 2 listed, 3 the turns of the conversation listed below.
    expect(within(dialog).getByText('And 97 older ones, all in the download.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Conversations (1)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Opening prompt of a chat')).toBeInTheDocument();
    expect(within(dialog).getByText(/3 turns/)).toBeInTheDocument();
    expect(within(dialog).getByText('sk-…abcd')).toBeInTheDocument();
    expect(within(dialog).getByText(/list\.txt: 20 prompts, completed/)).toBeInTheDocument();
    expect(within(dialog).getByText('Used by this browser: 3.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download my data (JSON)' })).toHaveAttribute('href', API_ROUTES.myDataDownload);
  });

  it('deletes a conversation whole only once confirmed, and shows the list again', async () => {
    let data = stored();
    const { user, requests } = renderDialog({
      [`GET ${API_ROUTES.myData}`]: () => Response.json(data),
      [`DELETE ${myDataConversationPath('conv-1')}`]: () => {
        data = stored({ comparisons: { total: 99, latest: data.comparisons.latest }, conversations: [] });
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Delete the conversation of/ }));
    expect(screen.getByText(MY_DATA_MESSAGES.deleteConversationConfirm(3))).toBeInTheDocument();
    // Cancel asks nothing of the server.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(MY_DATA_MESSAGES.deleteConversationConfirm(3))).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Delete the conversation of/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete the conversation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MY_DATA_MESSAGES.deletedConversation);
    expect(await screen.findByRole('heading', { name: 'Conversations (0)' })).toBeInTheDocument();
    expect(screen.queryByText('Opening prompt of a chat')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([myDataConversationPath('conv-1')]);
  });

  it('deletes one comparison and shows the list again', async () => {
    let data = stored();
    const { user, requests } = renderDialog({
      [`GET ${API_ROUTES.myData}`]: () => Response.json(data),
      [`DELETE ${myDataComparisonPath('log-2')}`]: () => {
        data = stored({ comparisons: { total: 101, latest: data.comparisons.latest.slice(1) } });
        return new Response(null, { status: 204 });
      },
    });
    const [first] = await screen.findAllByRole('button', { name: /^Delete the comparison of/ });
    await user.click(first!);
    expect(await screen.findByRole('status')).toHaveTextContent(MY_DATA_MESSAGES.deletedComparison);
    expect(await screen.findByRole('heading', { name: 'Comparisons (101)' })).toBeInTheDocument();
    expect(screen.queryByText('Second prompt')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === myDataComparisonPath('log-2'))).toBe(true);
  });

  it('asks before deleting everything, deletes, and asks the page to start afresh when closed', async () => {
    const deleted = { comparisons: 102, shares: 1, subscriptions: 1, promptListRuns: 1, contactMessages: 1, freePromptCounters: 1 };
    const { user, requests, onDeletedAll, onHide } = renderDialog({ [`DELETE ${API_ROUTES.myData}`]: () => Response.json(deleted) });
    await user.click(await screen.findByRole('button', { name: 'Delete all my data' }));
    expect(screen.getByText(MY_DATA_MESSAGES.deleteAllConfirm)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete all my data' })).toHaveFocus());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete all my data' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MY_DATA_MESSAGES.deletedAll);
    expect(screen.queryByText('Second prompt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onHide).toHaveBeenCalled();
    expect(onDeletedAll).toHaveBeenCalled();
  });

  it('says so when a deletion fails', async () => {
    const { user } = renderDialog({ [`DELETE ${myDataComparisonPath('log-2')}`]: () => Response.json({ message: 'x' }, { status: 503 }) });
    const [first] = await screen.findAllByRole('button', { name: /^Delete the comparison of/ });
    await user.click(first!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_DATA_MESSAGES.deleteFailed);
  });

  it('shows the load failure', async () => {
    renderDialog({ [`GET ${API_ROUTES.myData}`]: () => Response.json({ message: 'down' }, { status: 503 }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(MY_DATA_MESSAGES.loadFailed);
  });
});
