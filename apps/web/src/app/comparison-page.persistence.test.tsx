import { API_ROUTES, RESULT_TITLES } from '@promptpair/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aComparison, mockFetch } from '../test/fetch-mock.ts';
import { LOGGED_STORAGE_KEY } from '../features/comparison/hooks/use-download-output.ts';
import { SETTINGS_STORAGE_KEY } from '../features/comparison/logic/settings-storage.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

const stored = () => window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '';

describe('settings survive a reload', () => {
  it('restores the last settings but never the API keys', async () => {
    mockFetch();
    const first = renderComparisonPage();
    const chat = await first.openPanel('ChatGPT Options');
    await first.user.click(within(chat).getByRole('checkbox', { name: 'Temperature' }));
    await first.user.selectOptions(within(chat).getByRole('combobox', { name: 'Engine' }), 'gpt-4o');
    await first.user.type(within(chat).getByLabelText('ChatGPT API key'), 'sk-secret');
    const bard = await first.openPanel('Bard Options');
    await first.user.click(within(bard).getByRole('checkbox', { name: 'Leave out' }));
    expect(stored()).not.toContain('sk-secret');
    first.unmount();

    const again = renderComparisonPage();
    const chatAgain = await again.openPanel('ChatGPT Options');
    expect(within(chatAgain).getByRole('checkbox', { name: 'Temperature' })).toBeChecked();
    expect(within(chatAgain).getByRole('combobox', { name: 'Engine' })).toHaveValue('gpt-4o');
    expect(within(chatAgain).getByLabelText('ChatGPT API key')).toHaveValue('');
    expect(within(await again.openPanel('Bard Options')).getByRole('checkbox', { name: 'Leave out' })).toBeChecked();
  });

  it("keeps the keys only after 'Remember my keys on this device', and forgets them when unticked", async () => {
    mockFetch();
    const page = renderComparisonPage();
    const remember = screen.getByRole('checkbox', { name: 'Remember my keys on this device' });
    expect(remember).not.toBeChecked();
    await page.user.type(within(await page.openPanel('Bard Options')).getByLabelText('Palm API key'), 'AIza-kept');
    await page.user.click(remember);
    expect(stored()).toContain('AIza-kept');
    page.unmount();

    const again = renderComparisonPage();
    expect(within(await again.openPanel('Bard Options')).getByLabelText('Palm API key')).toHaveValue('AIza-kept');
    await again.user.click(screen.getByRole('checkbox', { name: 'Remember my keys on this device' }));
    expect(stored()).not.toContain('AIza-kept');
  });

  it('ignores stored settings that are broken or out of range', async () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ chatGPT: { options: { temperature: { enabled: true, value: 99 } }, messages: 'nope' } }),
    );
    mockFetch();
    const page = renderComparisonPage();
    const chat = await page.openPanel('ChatGPT Options');
    expect(within(chat).getByRole('checkbox', { name: 'Temperature' })).not.toBeChecked();
  });
});

describe('Download Output', () => {
  const downloadButton = () => screen.getByRole('button', { name: 'Download Output' });
  /** Both hints stay laid out (so nothing moves); only the current one is visible. */
  const visibleHints = () =>
    [...document.getElementById('download-hint')!.children].filter((hint) => !hint.classList.contains('invisible')).map((hint) => hint.textContent);

  it('starts disabled and stays so after a comparison that was not logged', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    expect(downloadButton()).toBeDisabled();
    expect(visibleHints()).toEqual([expect.stringMatching(/^Available once a comparison has been logged/)]);
    expect(document.getElementById('download-hint')!.children).toHaveLength(2);
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
    await screen.findByRole('button', { name: 'Share' });
    expect(downloadButton()).toBeDisabled();
  });

  it('stays disabled when a logged comparison fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json({ message: 'x' }, { status: 500 }) });
    const page = renderComparisonPage();
    await page.user.click(within(await page.openPanel('Bard Options')).getByRole('checkbox', { name: 'Log output' }));
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(page.submitButton()).toBeEnabled());
    expect(downloadButton()).toBeDisabled();
  });

  it('is enabled by a logged comparison, opens the log dialog, and stays enabled after a reload', async () => {
    mockFetch({ [`POST ${API_ROUTES.getChatData}`]: () => Response.json(aComparison()) });
    const page = renderComparisonPage();
    await page.user.click(within(await page.openPanel('ChatGPT Options')).getByRole('checkbox', { name: 'Log output' }));
    await page.user.type(page.prompt(), 'Hello');
    await page.user.click(page.submitButton());
    await waitFor(() => expect(downloadButton()).toBeEnabled());
    expect(visibleHints()).toEqual(['Opens your logged comparisons.']);
    expect(page.box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.');
    await page.user.click(downloadButton());
    expect(page.onDownloadOutput).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(LOGGED_STORAGE_KEY)).toBe('true');
    page.unmount();

    renderComparisonPage();
    expect(downloadButton()).toBeEnabled();
  });

  it("'Upload Prompt List' raises its callback", async () => {
    mockFetch();
    const page = renderComparisonPage();
    await page.user.click(screen.getByRole('button', { name: 'Upload Prompt List' }));
    expect(page.onUploadPromptList).toHaveBeenCalledTimes(1);
  });
});
