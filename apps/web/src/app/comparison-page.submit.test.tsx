import { API_ROUTES, MESSAGES, MODEL_TEXTS, RATE_LIMIT_MESSAGES, RESULT_TITLES, TOAST_MS } from '@promptpair/contract';
import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aComparison, aResult, aSession, mockFetch, mockLiveComparison } from '../test/fetch-mock.ts';
import { SETTINGS_STORAGE_KEY } from '../features/comparison/logic/settings-storage.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('submitting a prompt', () => {
  it.each([[''], ['   \n\t ']])('an empty or blank prompt (%j) toasts for 0.5 s and sends nothing', async (text) => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    if (text) await page.user.type(page.prompt(), text);
    await page.user.click(page.submitButton());
    // Toasts load their library with the first one, so the call lands a moment after the click.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.emptyPrompt, expect.objectContaining({ duration: TOAST_MS.emptyPrompt })));
    expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(0);
  });

  it('429 toasts the free-cap text at the top centre for 8 s', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json({ message: 'cap' }, { status: 429 }) });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MESSAGES.freeCapReached, {
        id: expect.any(String),
        duration: TOAST_MS.freeCapReached,
        position: 'top-center',
      }),
    );
  });

  it('a 429 rate_limited (too many at once) toasts the rate-limit text, not the free-cap one', async () => {
    const body = { message: RATE_LIMIT_MESSAGES.comparison, code: 'rate_limited' };
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json(body, { status: 429, headers: { 'retry-after': '7' } }) });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(RATE_LIMIT_MESSAGES.comparison, expect.objectContaining({ duration: TOAST_MS.unexpectedError })),
    );
    expect(toast.error).not.toHaveBeenCalledWith(MESSAGES.freeCapReached, expect.anything());
  });

  it.each([
    ['a 500', () => Response.json({ message: 'boom' }, { status: 500 })],
    ['a 422', () => Response.json({ message: 'bad', errors: { prompt: ['x'] } }, { status: 422 })],
    ['no response', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a malformed answer', () => Response.json({ nope: true })],
  ])('%s toasts the unexpected-error text for 5 s', async (_case, answer) => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: answer });
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MESSAGES.unexpectedError, expect.objectContaining({ duration: TOAST_MS.unexpectedError })),
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('disables Submit with a spinner while in flight, then fills both boxes and shows Share', async () => {
    const live = mockLiveComparison();
    const page = renderComparisonPage();
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent(MESSAGES.pendingResult);
    expect(page.box(RESULT_TITLES.palmAPI)).toHaveTextContent(MESSAGES.pendingResult);

    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    expect(page.submitButton()).toBeDisabled();
    expect(page.submitButton().querySelector('.spinner-border')).not.toBeNull();
    expect(screen.getByText(/Waiting for both answers…/)).toBeInTheDocument();

    const comparison = aComparison({ palmAPI: aResult({ message: null, errorMsg: 'Palm API had an internal error.' }) });
    const stream = await live.stream();
    stream.send('start', { logId: comparison.logId });
    stream.send('delta', { side: 'chatGPT', text: comparison.chatGPT.message });
    stream.send('done', { side: 'palmAPI', result: comparison.palmAPI });
    // One side failing never hides the other, even while the other is still writing.
    await waitFor(() => expect(within(page.box(RESULT_TITLES.palmAPI)).getByRole('alert')).toHaveTextContent('Palm API had an internal error.'));
    expect(page.submitButton()).toBeDisabled();
    stream.send('done', { side: 'chatGPT', result: comparison.chatGPT });
    stream.send('end', { logId: comparison.logId });
    stream.close();
    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    expect(page.submitButton().querySelector('.spinner-border')).toBeNull();
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('Ctrl+Enter and Cmd+Enter in the prompt submit; Enter alone makes a new line', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'line one{Enter}line two');
    expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(0);
    expect(page.prompt()).toHaveValue('line one\nline two');

    await page.user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
    expect(bodiesOf(API_ROUTES.getChatData)[0]).toMatchObject({ prompt: 'line one\nline two' });
    await waitFor(() => expect(page.submitButton()).toBeEnabled());

    await page.user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(2));
  });
});

describe('session, models and sharing', () => {
  it('shows the free prompts left and refreshes them after a comparison', async () => {
    let left = 5;
    mockFetch({ [`GET ${API_ROUTES.session}`]: () => Response.json(aSession({ freePromptsLeft: left })) });
    const page = renderComparisonPage();
    expect(await screen.findByText('5 of 5 free prompts left')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.demoBanner)).not.toBeInTheDocument();
    left = 4;
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    expect(await screen.findByText('4 of 5 free prompts left')).toBeInTheDocument();
  });

  it('shows the demo banner in demo mode', async () => {
    mockFetch({ [`GET ${API_ROUTES.session}`]: () => Response.json(aSession({ demoMode: true })) });
    renderComparisonPage();
    expect(await screen.findByText(MESSAGES.demoBanner)).toBeInTheDocument();
  });

  it("fills the pickers from the server, newest first with retirement days, each preselecting the service's default", async () => {
    mockFetch();
    const page = renderComparisonPage();
    const engine = within(await page.openPanel('ChatGPT Options')).getByRole('combobox', { name: 'Engine' });
    await waitFor(() =>
      expect(within(engine).getAllByRole('option').map((o) => o.textContent)).toEqual(['gpt-5.1', 'gpt-5-mini', 'gpt-4o (retires 2027-01-14)', 'gpt-4o-mini (retires 2027-01-14)']),
    );
    expect(engine).toHaveValue('gpt-5-mini');
    expect(within(await page.openPanel('Bard Options')).getByRole('combobox', { name: 'Model' })).toHaveValue('gemini-3-flash-preview');
  });

  it('when the list cannot be read: logged only, the picker says "Default" and the request names no model', async () => {
    const { bodiesOf } = mockFetch({ [`GET ${API_ROUTES.models}`]: () => Response.json({ message: 'down' }, { status: 502 }) });
    const page = renderComparisonPage();
    const model = within(await page.openPanel('Bard Options')).getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default']);
    expect(toast.error).not.toHaveBeenCalled();
    await page.user.type(page.prompt(), 'Hi');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
    const body = bodiesOf(API_ROUTES.getChatData)[0] as { chatGPT: object; bardAPI: object };
    expect(body.chatGPT).not.toHaveProperty('model');
    expect(body.bardAPI).not.toHaveProperty('model');
  });

  it('a remembered model the service no longer offers falls back to the default, with a short notice', async () => {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ chatGPT: { model: 'gpt-3.5-turbo' }, bard: { model: 'gemini-3-pro-preview' } }));
    mockFetch();
    const page = renderComparisonPage();
    const chat = await page.openPanel('ChatGPT Options');
    await waitFor(() => expect(within(chat).getByRole('combobox', { name: 'Engine' })).toHaveValue('gpt-5-mini'));
    expect(within(chat).getByText(MODEL_TEXTS.rememberedModelGone(RESULT_TITLES.chatGPT, 'gpt-3.5-turbo', 'gpt-5-mini'))).toBeInTheDocument();
    expect(MODEL_TEXTS.rememberedModelGone(RESULT_TITLES.chatGPT, 'gpt-3.5-turbo', 'gpt-5-mini')).toBe(
      'ChatGPT: the model "gpt-3.5-turbo" you used last time is no longer offered, so "gpt-5-mini" is selected.',
    );
    // A remembered model still offered stays, without a notice.
    const bard = await page.openPanel('Bard Options');
    expect(within(bard).getByRole('combobox', { name: 'Model' })).toHaveValue('gemini-3-pro-preview');
    expect(within(bard).queryByText(/no longer offered/)).toBeNull();
  });

  it('a reasoning model: the panel names the settings it does not take, sends them only when insisted, and offers reasoning effort', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    const chat = await page.openPanel('ChatGPT Options');
    await waitFor(() => expect(within(chat).getByRole('combobox', { name: 'Engine' })).toHaveValue('gpt-5-mini'));
    expect(within(chat).getByText(MODEL_TEXTS.reasoningSkips(['Temperature', 'Top P', 'Frequency penalty', 'Presence penalty']))).toBeInTheDocument();
    await page.user.selectOptions(within(chat).getByRole('combobox', { name: 'Reasoning effort' }), 'low');
    await page.user.click(within(chat).getByRole('checkbox', { name: 'Temperature' }));
    await page.user.click(within(chat).getByRole('checkbox', { name: MODEL_TEXTS.sendAnyway }));
    const bard = await page.openPanel('Bard Options');
    await page.user.click(within(bard).getByRole('checkbox', { name: MODEL_TEXTS.thinkingBudget }));
    await page.user.type(page.prompt(), 'Hi');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
    const body = bodiesOf(API_ROUTES.getChatData)[0] as { chatGPT: object; bardAPI: object };
    expect(body.chatGPT).toMatchObject({ model: 'gpt-5-mini', reasoningEffort: 'low', sendUnsupported: true, temperature: 1 });
    expect(body.bardAPI).toMatchObject({ model: 'gemini-3-flash-preview', thinkingBudget: 1024 });
    // A model that does not reason shows none of it.
    await page.user.selectOptions(within(chat).getByRole('combobox', { name: 'Engine' }), 'gpt-4o');
    expect(within(chat).queryByRole('combobox', { name: 'Reasoning effort' })).toBeNull();
  });

  it('Share posts the latest logId, copies the link and says so', async () => {
    const { bodiesOf } = mockFetch({
      [`POST ${API_ROUTES.shareLink}`]: () => Response.json({ url: '/chatid/abcdefghijklmnopqrstuv' }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await page.user.click(await screen.findByRole('button', { name: 'Share' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.linkCopied));
    expect(bodiesOf(API_ROUTES.shareLink)).toEqual([{ logId: 'log-1' }]);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/chatid/abcdefghijklmnopqrstuv`);
  });

  it('a share failure is only logged', async () => {
    mockFetch({ [`POST ${API_ROUTES.shareLink}`]: () => Response.json({ message: 'no' }, { status: 500 }) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const page = renderComparisonPage();
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await page.user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Could not share the comparison', expect.anything()));
    expect(alert).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
