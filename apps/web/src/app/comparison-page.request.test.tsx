import {
  API_ROUTES,
  BARD_LIMITS,
  CHATGPT_LIMITS,
  DEFAULT_BARD_MESSAGES,
  DEFAULT_CHATGPT_MESSAGES,
} from '@promptpair/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODEL_OFFERS, mockFetch } from '../test/fetch-mock.ts';
import { renderComparisonPage } from './test/render-comparison-page.tsx';

/** Types a prompt, submits, and returns the one body POSTed to /api/getChatData. */
async function send(page: ReturnType<typeof renderComparisonPage>, bodiesOf: (path: string) => unknown[]) {
  await page.user.type(page.prompt(), 'Compare this');
  await page.user.click(page.submitButton());
  await waitFor(() => expect(bodiesOf(API_ROUTES.getChatData)).toHaveLength(1));
  return bodiesOf(API_ROUTES.getChatData)[0] as Record<string, Record<string, unknown>>;
}

describe('what the comparison request carries', () => {
  it('with every option off: model, messages and logOutput only, no key', async () => {
    const { bodiesOf } = mockFetch();
    const body = await send(renderComparisonPage(), bodiesOf);
    expect(body).toStrictEqual({
      prompt: 'Compare this',
      chatGPT: { model: MODEL_OFFERS.chatGPT.defaultModel, messages: DEFAULT_CHATGPT_MESSAGES, logOutput: false },
      bardAPI: { model: MODEL_OFFERS.palmAPI.defaultModel, messages: DEFAULT_BARD_MESSAGES, logOutput: false },
    });
  });

  it('with every option on: each ticked value, the trimmed key and logOutput true', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    const chat = await page.openPanel('ChatGPT Options');
    for (const name of ['Temperature', 'Top P', 'Frequency penalty', 'Presence penalty', 'Maximum length']) {
      await page.user.click(within(chat).getByRole('checkbox', { name }));
      // Top P after Temperature asks first (docs/product.md §2 modal 7).
      const warning = screen.queryByRole('dialog', { name: 'Warning' }) ?? (name === 'Top P' ? await screen.findByRole('dialog', { name: 'Warning' }) : null);
      if (warning) await page.user.click(within(warning).getByRole('button', { name: 'Yes' }));
    }
    await page.user.selectOptions(within(chat).getByRole('combobox', { name: 'Engine' }), 'gpt-4o');
    await page.user.type(within(chat).getByLabelText('ChatGPT API key'), '  sk-test  ');
    await page.user.click(within(chat).getByRole('checkbox', { name: 'Log output' }));

    const bard = await page.openPanel('Bard Options');
    for (const name of ['Temperature', 'Candidate count', 'Max output tokens', 'Top P', 'Top K']) {
      await page.user.click(within(bard).getByRole('checkbox', { name }));
    }
    await page.user.type(within(bard).getByLabelText('Palm API key'), 'AIza-test');
    await page.user.click(within(bard).getByRole('checkbox', { name: 'Log output' }));

    const body = await send(page, bodiesOf);
    expect(body.chatGPT).toStrictEqual({
      model: 'gpt-4o',
      messages: DEFAULT_CHATGPT_MESSAGES,
      temperature: CHATGPT_LIMITS.temperature.default,
      top_p: CHATGPT_LIMITS.top_p.default,
      frequencyPenalty: CHATGPT_LIMITS.frequencyPenalty.default,
      presencePenalty: CHATGPT_LIMITS.presencePenalty.default,
      maxLength: CHATGPT_LIMITS.maxLength.default,
      apiKey: 'sk-test',
      logOutput: true,
    });
    expect(body.bardAPI).toStrictEqual({
      model: MODEL_OFFERS.palmAPI.defaultModel,
      messages: DEFAULT_BARD_MESSAGES,
      temperature: BARD_LIMITS.temperature.default,
      candidateCount: BARD_LIMITS.candidateCount.default,
      maxOutputTokens: BARD_LIMITS.maxOutputTokens.default,
      topP: BARD_LIMITS.topP.default,
      topK: BARD_LIMITS.topK.default,
      apiKey: 'AIza-test',
      logOutput: true,
    });
  });

  it('sends only the ticked options, and an option switched off again is left out', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    const bard = await page.openPanel('Bard Options');
    await page.user.click(within(bard).getByRole('checkbox', { name: 'Top K' }));
    await page.user.click(within(bard).getByRole('checkbox', { name: 'Candidate count' }));
    await page.user.click(within(bard).getByRole('checkbox', { name: 'Candidate count' }));
    const body = await send(page, bodiesOf);
    expect(Object.keys(body.bardAPI!).sort()).toEqual(['logOutput', 'messages', 'model', 'topK']);
    expect(Object.keys(body.chatGPT!).sort()).toEqual(['logOutput', 'messages', 'model']);
  });

  it.each([['ChatGPT Options', 'chatGPT', 'bardAPI'], ['Bard Options', 'bardAPI', 'chatGPT']] as const)(
    "'Leave out' in %s omits that service's settings object entirely",
    async (panelName, omitted, kept) => {
      const { bodiesOf } = mockFetch();
      const page = renderComparisonPage();
      const panel = await page.openPanel(panelName);
      await page.user.click(within(panel).getByRole('checkbox', { name: 'Temperature' }));
      const leaveOut = within(panel).getByRole('checkbox', { name: 'Leave out' });
      // The service itself is still asked (with its defaults), and the hint must not say otherwise.
      expect(leaveOut).toHaveAccessibleDescription(/without these settings.*answers with its defaults/);
      await page.user.click(leaveOut);
      const body = await send(page, bodiesOf);
      expect(body).not.toHaveProperty(omitted);
      expect(body).toHaveProperty(kept);
    },
  );

  it('a blank key is not sent at all', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    await page.user.type(within(await page.openPanel('ChatGPT Options')).getByLabelText('ChatGPT API key'), '   ');
    const body = await send(page, bodiesOf);
    expect(body.chatGPT).not.toHaveProperty('apiKey');
    expect(body.bardAPI).not.toHaveProperty('apiKey');
  });

  it('carries edited messages', async () => {
    const { bodiesOf } = mockFetch();
    const page = renderComparisonPage();
    await page.user.click(within(await page.openPanel('ChatGPT Options')).getByRole('button', { name: 'Edit Messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Messages' });
    await page.user.click(within(dialog).getByRole('button', { name: 'Remove message 1' }));
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = await send(page, bodiesOf);
    expect(body.chatGPT!.messages).toEqual([DEFAULT_CHATGPT_MESSAGES[1]]);
  });
});
