import { readFile } from 'node:fs/promises';
import { FREE_PROMPTS, keyRefusedMessage, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { subscribe } from '../fixtures/subscribe.ts';
import { expect, seriousAxeViolations, test, openOptionsPanel } from '../fixtures/test.ts';

// Subscribe in 'Upload Prompt List', upload a 20-line list, watch the run reach 100 %, and
// download every answer. Keys are tried on their service before they are saved: the simulator
// refuses keys starting with "bad", as the real services refuse a wrong key.

const PROMPTS = Array.from({ length: 20 }, (_, i) => `E2E list prompt ${i + 1}: name a fruit.`);

test('subscribe, upload a 20-line list, see it reach 100 % and download the results', async ({ page }) => {
  await subscribe(page);
  await openOptionsPanel(page, 'ChatGPT Options');
  await expect(page.getByRole('region', { name: 'ChatGPT Options' }).getByLabel('ChatGPT API key')).toHaveValue('sk-e2e-subscriber-key-0001');

  await page.getByRole('button', { name: 'Upload Prompt List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Prompt List' });
  await dialog.getByLabel('Prompt list file').setInputFiles({ name: 'fruits.txt', mimeType: 'text/plain', buffer: Buffer.from(PROMPTS.join('\n') + '\n') });
  await dialog.getByRole('button', { name: 'Run prompt list' }).click();
  await expect(dialog.getByRole('region', { name: 'Prompt list run' })).toContainText('20 total');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const run = page.getByRole('region', { name: 'Prompt list run' });
  await expect(run.getByRole('progressbar', { name: '100% of the prompts finished' })).toBeVisible({ timeout: 30_000 });
  await expect(run).toContainText('20 done · 0 failed · 20 total');
  await expect(run).toContainText('Finished');

  const [download] = await Promise.all([page.waitForEvent('download'), run.getByRole('link', { name: 'Download results (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('fruits-results.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').startsWith('line,prompt,status,chatgpt_message')).toBe(true);
  for (const prompt of PROMPTS) expect(csv).toContain(prompt);
  expect(csv).not.toContain('sk-e2e-subscriber-key-0001');
  // Each prompt's cost and verdict are columns; the run's summary is on the page.
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
  expect(header).toContain('chatgpt_cost_usd');
  expect(header).toContain('faster_finish,cheaper,chatgpt_words,palm_words,similarity');
  const summary = run.getByRole('region', { name: 'Run summary' });
  await expect(summary).toContainText('Summary of 20 prompts');
  await expect(summary.getByRole('row', { name: /^ChatGPT \$/ })).toBeVisible();
  await expect(summary.getByRole('row', { name: /^Palm API \$/ })).toBeVisible();

  // After a reload the page finds the run again, and the masked key is prefilled.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Prompt list run' })).toContainText('20 done · 0 failed · 20 total');
  await openOptionsPanel(page, 'ChatGPT Options');
  await expect(page.getByRole('region', { name: 'ChatGPT Options' }).getByLabel('ChatGPT API key')).toHaveValue('sk-…0001');
});

test('a key its service refuses is named in the dialog, and nothing is saved', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
  await page.getByRole('button', { name: 'Upload Prompt List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Prompt List' });
  await dialog.getByLabel('GPT API key').fill('sk-e2e-good-key-0003');
  await dialog.getByLabel('PALM API key').fill('bad-e2e-palm-key-0004');
  await dialog.getByLabel('Email').fill(`e2e-refused-${Date.now()}@example.com`);
  await dialog.getByLabel('I accept the terms and conditions').check();
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(keyRefusedMessage('palmAPI', 'upstream_auth'));
  await expect(dialog.getByRole('alert')).toContainText('Palm API rejected the API key');
  await expect(dialog).toBeVisible();
  await expect(page.getByText(SUBSCRIPTION_MESSAGES.saved)).toHaveCount(0);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('palmapiKey');
  // The server holds no subscription for this visitor.
  const answer = await page.request.get('/api/session');
  expect(((await answer.json()) as { subscribed: boolean }).subscribed).toBe(false);
});

