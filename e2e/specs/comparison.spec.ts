import { join } from 'node:path';
import { FREE_PROMPTS, MESSAGES, RESULT_TITLES } from '@promptpair/contract';
import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test, openOptionsPanel } from '../fixtures/test.ts';

// The fake upstream obeys directives typed in the prompt (tools/fake-upstream/README.md),
// so each test scripts only its own request and tests can run side by side.

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Prompt' });

async function compare(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await submitButton(page).click();
}

async function expectAnswered(page: Page) {
  for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) {
    await expect(box(page, title)).toContainText('Elapsed time');
  }
  await expect(submitButton(page)).toBeEnabled();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  // The session call sets the XSRF cookie; wait for it so the first POST carries the token.
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
});

test('happy path: both boxes fill, Share appears and the free count drops', async ({ page }) => {
  for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) {
    await expect(box(page, title)).toContainText(MESSAGES.pendingResult);
  }
  await compare(page, 'Name three colours of the sky.');
  await expectAnswered(page);
  for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) {
    await expect(box(page, title).getByRole('alert')).toHaveCount(0);
    await expect(box(page, title)).toContainText('Tokens');
  }
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByText(`${FREE_PROMPTS - 1} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
});

test('Submit is disabled with a spinner while the request is in flight', async ({ page }) => {
  await compare(page, '[[all:latency=4000]] Take your time.');
  await expect(submitButton(page)).toBeDisabled();
  await expect(submitButton(page).locator('.spinner-border')).toBeVisible();
  await expect(box(page, RESULT_TITLES.chatGPT)).toContainText(`Waiting for ${RESULT_TITLES.chatGPT}`);
  await expectAnswered(page);
  await expect(submitButton(page).locator('.spinner-border')).toHaveCount(0);
});

test('Ctrl+Enter in the prompt submits', async ({ page }) => {
  await page.getByRole('textbox', { name: 'Prompt' }).fill('Say hello.');
  await page.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter');
  await expectAnswered(page);
});

test('one failing service shows its own danger alert; the other still answers', async ({ page }) => {
  await compare(page, '[[openai:status=500]] hello');
  const chat = box(page, RESULT_TITLES.chatGPT);
  await expect(chat.getByRole('alert')).toBeVisible();
  await expect(chat.getByRole('alert')).toHaveClass(/alert-danger/);
  await expect(chat).not.toContainText('Elapsed time');
  await expect(box(page, RESULT_TITLES.palmAPI)).toContainText('Elapsed time');
  await expect(box(page, RESULT_TITLES.palmAPI).getByRole('alert')).toHaveCount(0);
});

test(`the ${FREE_PROMPTS + 1}th prompt without a key toasts the free-cap message`, async ({ page }) => {
  for (let sent = 1; sent <= FREE_PROMPTS; sent += 1) {
    await compare(page, `Prompt number ${sent}`);
    await expect(page.getByText(`${FREE_PROMPTS - sent} of ${FREE_PROMPTS} free prompts left`).or(page.getByText(/free prompts used/))).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  }
  await compare(page, 'One more, please.');
  await expect(page.getByText(MESSAGES.freeCapReached)).toBeVisible();
});

test('Show differences marks the words only one answer has', async ({ page }) => {
  await compare(page, '[[openai:text=The sky is blue today.]] [[google:text=The sky is grey today.]] Colour?');
  await expectAnswered(page);
  const toggle = page.getByRole('checkbox', { name: 'Show differences' });
  await expect(page.locator('mark')).toHaveCount(0);
  await toggle.check();
  await expect(box(page, RESULT_TITLES.chatGPT).locator('mark')).toContainText('blue');
  await expect(box(page, RESULT_TITLES.palmAPI).locator('mark')).toContainText('grey');
  await toggle.uncheck();
  await expect(page.locator('mark')).toHaveCount(0);
});

test('axe finds no serious or critical violations, before and after a comparison', async ({ browser }) => {
  // Three axe runs over the whole page (answers, verdict, both panels open) take 20 s alone on this machine.
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(/free prompts left/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await openOptionsPanel(page, 'ChatGPT Options');
  await openOptionsPanel(page, 'Bard Options');
  await compare(page, '[[openai:status=401]] Check the key path too.');
  await expect(box(page, RESULT_TITLES.palmAPI)).toContainText('Elapsed time');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A dialog too: focus moves into it, axe checks it, Escape closes it and focus comes back.
  const editMessages = page.getByRole('region', { name: 'ChatGPT Options' }).getByRole('button', { name: 'Edit Messages' });
  await editMessages.click();
  await expect(page.getByRole('dialog', { name: 'Edit Messages' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(editMessages).toBeFocused();
  await context.close();
});

test('screenshots: side by side on a desktop, two tabs on a phone', async ({ page }) => {
  await compare(page, 'Write two short lines about the sea.');
  await expectAnswered(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  const chatBox = await box(page, RESULT_TITLES.chatGPT).boundingBox();
  const palmBox = await box(page, RESULT_TITLES.palmAPI).boundingBox();
  expect(Math.abs(chatBox!.y - palmBox!.y)).toBeLessThan(2);
  await page.screenshot({ path: join(ARTIFACTS, 'comparison-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the answers are two tabs (docs/decisions.md, "Reading two answers").
  const tabs = page.getByRole('tablist', { name: 'Answers' });
  await expect(tabs.getByRole('tab')).toHaveText([RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]);
  await expect(box(page, RESULT_TITLES.chatGPT)).toBeVisible();
  await expect(box(page, RESULT_TITLES.palmAPI)).toBeHidden();
  await page.screenshot({ path: join(ARTIFACTS, 'comparison-phone.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await openOptionsPanel(page, 'ChatGPT Options');
  await openOptionsPanel(page, 'Bard Options');
  await page.screenshot({ path: join(ARTIFACTS, 'comparison-options-desktop.png'), fullPage: true });
});
