import { API_ROUTES, BATCH_ROUTES, SIDE_TEXTS, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aJob } from '../features/batch/test/job-fixture.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { HomeRoute } from './home-route.tsx';

const clearCookie = (name: string) => (document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
afterEach(() => ['chatgptKey', 'palmapiKey'].forEach(clearCookie));

function renderHome() {
  const user = userEvent.setup();
  render(<HomeRoute />);
  return { user };
}

async function keyFields(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'ChatGPT Options' }));
  await user.click(screen.getByRole('button', { name: 'Bard Options' }));
  return {
    chatGPT: within(screen.getByRole('region', { name: 'ChatGPT Options' })).getByLabelText('ChatGPT API key'),
    bard: within(screen.getByRole('region', { name: 'Bard Options' })).getByLabelText('Palm API key'),
  };
}

describe('the home route with a subscription', () => {
  it('puts the keys saved in the dialog into the two option panels', async () => {
    mockFetch({
      [`POST ${API_ROUTES.key}`]: () => {
        document.cookie = 'chatgptKey=1; path=/';
        return Response.json({ chatgptKey: 'sk-…0001', palmapiKey: 'AIz…0002', email: 'me@example.com', paymentUrl: null });
      },
      [`GET ${BATCH_ROUTES.latest}`]: () => Response.json({ job: null }),
    });
    const { user } = renderHome();
    await user.click(screen.getByRole('button', { name: 'Upload Prompt List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Prompt List' });
    await user.type(within(dialog).getByLabelText('GPT API key'), 'sk-my-own-key-0001');
    await user.type(within(dialog).getByLabelText('PALM API key'), 'AIza-my-own-key-0002');
    await user.type(within(dialog).getByLabelText('Email'), 'me@example.com');
    await user.click(within(dialog).getByLabelText('I accept the terms and conditions'));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const fields = await keyFields(user);
    expect(fields.chatGPT).toHaveValue('sk-my-own-key-0001');
    expect(fields.bard).toHaveValue('AIza-my-own-key-0002');

    // Now a subscriber: the dialog offers the prompt-list upload above the form.
    await user.click(screen.getByRole('button', { name: 'Upload Prompt List' }));
    expect(await screen.findByLabelText('Prompt list file')).toBeInTheDocument();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.intro)).toBeInTheDocument();
  });

  it('after a reload prefills the masked saved keys and shows the latest run', async () => {
    document.cookie = 'chatgptKey=1; path=/';
    mockFetch({
      [`GET ${API_ROUTES.getApiKey}`]: () => Response.json({ chatgptKey: 'sk-…abcd', palmapiKey: 'AIz…wxyz', email: 'me@example.com' }),
      [`GET ${BATCH_ROUTES.latest}`]: () => Response.json({ job: aJob({ status: 'completed', done: 200, failed: 0, pending: 0 }) }),
    });
    const { user } = renderHome();
    expect(await screen.findByRole('region', { name: 'Prompt list run' })).toHaveTextContent('200 done · 0 failed · 200 total');
    const fields = await keyFields(user);
    await waitFor(() => expect(fields.chatGPT).toHaveValue('sk-…abcd'));
    expect(fields.bard).toHaveValue('AIz…wxyz');
  });

  it('starts a run on the pair the page holds: Claude left and a declared service right, their sides sent without keys', async () => {
    document.cookie = 'chatgptKey=1; path=/';
    const { bodiesOf } = mockFetch({
      [`GET ${API_ROUTES.getApiKey}`]: () => Response.json({ chatgptKey: 'sk-…abcd', palmapiKey: 'AIz…wxyz', email: 'me@example.com' }),
      [`GET ${BATCH_ROUTES.latest}`]: () => Response.json({ job: null }),
      [`POST ${BATCH_ROUTES.upload}`]: () => Response.json(aJob(), { status: 201 }),
    });
    const { user } = renderHome();
    const picker = (side: 'a' | 'b') => within(screen.getByRole('group', { name: SIDE_TEXTS.sideName[side] })).getByRole('combobox', { name: SIDE_TEXTS.serviceLabel[side] });
    await waitFor(() => expect(within(picker('a')).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(picker('a'), 'claude');
    await user.selectOptions(picker('b'), 'router');
    await user.click(await screen.findByRole('button', { name: 'Claude Options' }));
    await user.type(within(screen.getByRole('region', { name: 'Claude Options' })).getByLabelText('Claude API key'), 'sk-ant-typed');

    await user.click(screen.getByRole('button', { name: 'Upload Prompt List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Prompt List' });
    await user.upload(await within(dialog).findByLabelText('Prompt list file'), new File(['one\n'], 'pair.txt', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run prompt list' }));
    await waitFor(() => expect(bodiesOf(BATCH_ROUTES.upload)).toHaveLength(1));
    expect(bodiesOf(BATCH_ROUTES.upload)[0]).toStrictEqual({
      filename: 'pair.txt',
      content: 'one\n',
      sides: { a: { service: 'claude', model: 'claude-sonnet-4-6' }, b: { service: 'router', model: 'meta/llama-3' } },
    });
  });
});
