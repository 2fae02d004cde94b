import { API_ROUTES, describeStoppedSide, SIDE_TEXTS } from '@promptpair/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY } from '../features/comparison/logic/settings-storage.ts';
import { aResult, mockFetch, mockLiveComparison, sseFrame, sseResponse } from '../test/fetch-mock.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

const side = (name: string) => screen.getByRole('group', { name });
const picker = (name: string) => within(side(name)).getByRole('combobox', { name: SIDE_TEXTS.serviceLabel[name === 'Left side' ? 'a' : 'b'] });

/** A general pair's stream: its events name sides a and b. */
const pairStream = () =>
  sseResponse([
    sseFrame('start', { logId: 'log-9' }),
    sseFrame('delta', { side: 'a', text: 'Left ' }),
    sseFrame('delta', { side: 'b', text: 'Right' }),
    sseFrame('done', { side: 'a', result: aResult({ message: 'Left answer.' }) }),
    sseFrame('done', { side: 'b', result: aResult({ message: 'Right answer.' }) }),
    sseFrame('end', { logId: 'log-9' }),
  ]);

describe('any service on either side', () => {
  it('puts Claude left and a declared service right, shows their panels, and sends the general pair', async () => {
    const { bodiesOf } = mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => pairStream() });
    const page = renderComparisonPage();
    await waitFor(() => expect(within(picker('Left side')).getAllByRole('option')).toHaveLength(4));
    await page.user.selectOptions(picker('Left side'), 'claude');
    await page.user.selectOptions(picker('Right side'), 'router');

    // Claude's panel: Anthropic's settings from the contract, its own key field.
    const claude = await within(side('Left side')).findByRole('button', { name: 'Claude Options' });
    await page.user.click(claude);
    const panel = screen.getByRole('region', { name: 'Claude Options' });
    expect(within(panel).getByRole('combobox', { name: 'Model' })).toHaveValue('claude-sonnet-4-6');
    for (const name of ['Temperature', 'Top P', 'Top K', 'Max tokens']) expect(within(panel).getByRole('checkbox', { name })).toBeInTheDocument();
    await page.user.click(within(panel).getByRole('checkbox', { name: 'Temperature' }));
    await page.user.type(within(panel).getByRole('textbox', { name: 'System prompt' }), 'Be brief.');
    await page.user.type(within(panel).getByRole('textbox', { name: 'Stop sequence 1' }), 'END');
    expect(within(panel).getByLabelText('Claude API key')).toHaveAttribute('type', 'password');

    // The declared service shows only what it declares.
    await page.user.click(await within(side('Right side')).findByRole('button', { name: 'Model Router Options' }));
    const router = screen.getByRole('region', { name: 'Model Router Options' });
    expect(within(router).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Temperature', 'Log output', 'Leave out']);

    await page.user.type(page.prompt(), 'Hi');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
    expect(bodiesOf(API_ROUTES.getChatData)[0]).toStrictEqual({
      prompt: 'Hi',
      sides: {
        a: { service: 'claude', model: 'claude-sonnet-4-6', settings: { temperature: 1, system: 'Be brief.', stopSequences: ['END'] }, logOutput: false },
        b: { service: 'router', model: 'meta/llama-3', logOutput: false },
      },
    });
    // The boxes and the verdict name each side by service and model.
    expect(await screen.findByText('Left answer.')).toBeInTheDocument();
    expect(page.box('Claude · claude-sonnet-4-6')).toHaveTextContent('Left answer.');
    expect(page.box('Model Router · meta/llama-3')).toHaveTextContent('Right answer.');
  });

  it('a stopped general pair names each side by its service and model in the stopped notes, never as ChatGPT or Palm API', async () => {
    const live = mockLiveComparison();
    const page = renderComparisonPage();
    await waitFor(() => expect(within(picker('Left side')).getAllByRole('option')).toHaveLength(4));
    await page.user.selectOptions(picker('Left side'), 'claude');
    await page.user.selectOptions(picker('Right side'), 'router');
    await page.user.type(page.prompt(), 'Hi');
    await page.user.click(page.submitButton());
    const stream = await live.stream();
    stream.send('start', { logId: 'log-stop' });
    stream.send('delta', { side: 'a', text: 'Half an ans' });
    const [claude, router] = ['Claude · claude-sonnet-4-6', 'Model Router · meta/llama-3'];
    await waitFor(() => expect(page.box(claude)).toHaveTextContent('Half an ans'));

    await page.user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    expect(page.box(claude)).toHaveTextContent(describeStoppedSide(claude, true));
    expect(page.box(router)).toHaveTextContent(describeStoppedSide(router, false));
    expect(screen.getByRole('region', { name: 'Results' })).not.toHaveTextContent(/Stopped before (ChatGPT|Palm API)/);
  });

  it('tells two sides with the same service and model apart by the setting that differs', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => pairStream() });
    const page = renderComparisonPage();
    await waitFor(() => expect(within(picker('Left side')).getAllByRole('option')).toHaveLength(4));
    for (const name of ['Left side', 'Right side']) {
      await page.user.selectOptions(picker(name), 'router');
      await page.user.click(await within(side(name)).findByRole('button', { name: 'Model Router Options' }));
    }
    await page.user.click(within(side('Left side')).getByRole('checkbox', { name: 'Temperature' }));
    await page.user.type(page.prompt(), 'Hi');
    await page.user.click(page.submitButton());
    expect(await screen.findByText('Left answer.')).toBeInTheDocument();
    expect(page.box('Model Router · meta/llama-3 · temperature 1')).toBeInTheDocument();
    expect(page.box('Model Router · meta/llama-3 · temperature default')).toBeInTheDocument();
  });

  it('falls back to the default service, with a notice, when the remembered one is no longer offered', async () => {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ sides: { b: { service: 'retired', kind: 'openai-compatible' } } }));
    mockFetch();
    renderComparisonPage();
    expect(await within(side('Right side')).findByText(SIDE_TEXTS.serviceGone('b', 'retired', 'Palm API'))).toBeInTheDocument();
    expect(picker('Right side')).toHaveValue('palm');
    expect(within(side('Right side')).getByRole('button', { name: 'Bard Options' })).toBeInTheDocument();
  });
});
