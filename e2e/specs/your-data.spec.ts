import { readFile } from 'node:fs/promises';
import { FREE_PROMPTS, MESSAGES, MY_DATA_MESSAGES, RESULT_TITLES, type TMyDataExport } from '@promptpair/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

// A visitor sees what is kept under their cookie, downloads it, deletes one comparison
// (its share link stops working) and then everything (the page starts again as a new visitor).

const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });

async function compare(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) await expect(box(page, title)).toContainText('Elapsed time');
}

async function openYourData(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Your data' }).click();
  return page.getByRole('dialog', { name: MY_DATA_MESSAGES.title });
}

test('see, download and delete your data', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/');
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
  await compare(page, 'The first question, kept.');
  await compare(page, 'The second question, shared.');
  // The browser keeps its clipboard from test to test: an earlier test's link must not pass for this one.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/chatid\/[A-Za-z0-9_-]{22}$/);
  const link = await page.evaluate(() => navigator.clipboard.readText());

  let dialog = await openYourData(page);
  await expect(dialog.getByRole('heading', { name: 'Comparisons (2)' })).toBeVisible();
  await expect(dialog.getByText('The second question, shared.')).toBeVisible();
  await expect(dialog.getByText('Shared', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Used by this browser: 2.')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download my data (JSON)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^promptpair-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as TMyDataExport;
  expect(exported.comparisons.map((c) => c.prompt)).toEqual(['The first question, kept.', 'The second question, shared.']);

  // The newest comparison (the shared one) is listed first.
  await dialog.getByRole('button', { name: /^Delete the comparison of/ }).first().click();
  await expect(dialog.getByRole('status')).toHaveText(MY_DATA_MESSAGES.deletedComparison);
  await expect(dialog.getByRole('heading', { name: 'Comparisons (1)' })).toBeVisible();
  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText(MESSAGES.sharedNotFound)).toBeVisible();
  await stranger.close();

  await dialog.getByRole('button', { name: 'Delete all my data' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(dialog.getByRole('status')).toHaveText(MY_DATA_MESSAGES.deletedAll);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The page reloads as a new visitor: the free prompts start again, and nothing is listed.
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
  dialog = await openYourData(page);
  await expect(dialog.getByRole('heading', { name: 'Comparisons (0)' })).toBeVisible();
  await context.close();
});
