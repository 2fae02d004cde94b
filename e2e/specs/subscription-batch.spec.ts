import { readFile } from 'node:fs/promises';
import { subscribe } from '../fixtures/subscribe.ts';
import { expect, seriousAxeViolations, test, openOptionsPanel } from '../fixtures/test.ts';

// Issue #5 end to end: subscribe in 'Upload Prompt List', upload a 20-line list, watch the run
// reach 100 %, and download every answer.

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
