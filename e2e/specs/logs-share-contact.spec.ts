import { readFile } from 'node:fs/promises';
import { FREE_PROMPTS, MESSAGES, RESULT_TITLES } from '@promptpair/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test, openOptionsPanel } from '../fixtures/test.ts';

// End to end: share links, Log Details with its downloads, Contact Us and the footer pages.
// Every browser context is a new visitor, so each test starts with its own empty log.

const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });

async function openHome(page: Page) {
  await page.goto('/');
  // The session call sets the XSRF cookie; wait for it so the first POST carries the token.
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
}

async function compare(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) await expect(box(page, title)).toContainText('Elapsed time');
}

async function tickLogOutput(page: Page, panel: 'ChatGPT Options' | 'Bard Options') {
  await openOptionsPanel(page, panel);
  await page.getByRole('region', { name: panel }).getByRole('checkbox', { name: 'Log output' }).check();
}

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  return { context, page: await context.newPage() };
}

test('compare, Share, and the link shows both results to someone else', async ({ browser }) => {
  const owner = await newVisitor(browser);
  const { page } = owner;
  await openHome(page);
  const prompt = 'Describe "the sea", in two short lines.';
  await compare(page, prompt);
  const answers = await Promise.all([RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI].map((t) => box(page, t).locator('.result-box__message').innerText()));

  // The Share button says 'Link copied to clipboard!' with window.alert (docs/product.md §8).
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => alerts).toEqual([MESSAGES.linkCopied]);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/chatid\/[A-Za-z0-9_-]{22}$/);

  const stranger = await newVisitor(browser);
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  stranger.page.on('response', (loaded) => {
    const type = loaded.request().resourceType();
    if (type === 'script') scripts.push(loaded.url());
    if (type === 'stylesheet') stylesheets.push(loaded.url());
  });
  const response = await stranger.page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(stranger.page.locator('meta[property="og:description"]')).toHaveAttribute('content', prompt);
  await expect(stranger.page.locator('meta[property="og:url"]')).toHaveAttribute('content', link);
  await expect(stranger.page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
  await expect(stranger.page.locator('meta[property="og:title"]')).toHaveAttribute('content', /PromptPair/);
  await expect(stranger.page.getByRole('heading', { level: 1, name: 'Shared comparison' })).toBeVisible();
  await expect(stranger.page.getByText(prompt, { exact: true })).toBeVisible();
  await expect(box(stranger.page, RESULT_TITLES.chatGPT)).toContainText(answers[0]!);
  await expect(box(stranger.page, RESULT_TITLES.palmAPI)).toContainText(answers[1]!);
  await expect(stranger.page.getByRole('textbox')).toHaveCount(0);
  expect(await seriousAxeViolations(stranger.page)).toEqual([]);
  // The page validates nothing, so none of its code carries zod, the schemas' library, and its first
  // paint waits on one stylesheet (docs/decisions.md, "Page weight and first paint").
  expect(stylesheets).toHaveLength(1);
  // Each script's sources as its map names them (the bundler's small runtime has none), and its text,
  // where zod's schema classes keep their names ("$ZodType") through minifying.
  const withZod = async (url: string) => {
    const map = await fetch(`${url}.map`);
    const sources = map.ok ? ((await map.json()) as { sources: string[] }).sources : [];
    return sources.some((source) => source.includes('/node_modules/zod/')) || (await (await fetch(url)).text()).includes('$ZodType');
  };
  expect(scripts).toContainEqual(expect.stringContaining('/assets/shared-chat-page-'));
  const zodScripts = (await Promise.all(scripts.map(async (url) => ((await withZod(url)) ? url : null)))).filter(Boolean);
  expect(zodScripts).toEqual([]);

  // Sharing again gives the same link.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => alerts).toHaveLength(2);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await Promise.all([owner.context.close(), stranger.context.close()]);
});

test('an unknown share link shows the page with empty content and a note', async ({ page }) => {
  const response = await page.goto('/chatid/AAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(MESSAGES.sharedNotFound)).toBeVisible();
  await expect(page.getByRole('region', { name: `${RESULT_TITLES.chatGPT} answer` })).toHaveCount(0);
});

test('Download Output opens Log Details with the table, a chart and a CSV download', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  await openHome(page);
  await tickLogOutput(page, 'ChatGPT Options');
  await tickLogOutput(page, 'Bard Options');
  const prompt = 'List, with commas: "red", "green"\nand blue';
  await compare(page, prompt);
  const chatAnswer = await box(page, RESULT_TITLES.chatGPT).locator('.result-box__message').innerText();

  await page.getByRole('button', { name: 'Download Output' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Details' });
  const table = dialog.getByRole('table');
  await expect(table).toBeVisible();
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText('List, with commas');
  // A long date with hour and minute, in the browser's locale (en-US here).
  await expect(row.getByRole('cell').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M$/);
  await expect(dialog.getByRole('img', { name: /Elapsed time \(seconds\) per prompt/ })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Tokens per prompt/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^promptpair-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\ufeffcreated_at,prompt,chatgpt_message,chatgpt_tokens,chatgpt_elapsed_s,chatgpt_error,chatgpt_model,chatgpt_input_tokens,chatgpt_output_tokens,chatgpt_cost_usd,' +
      'palm_message,palm_tokens,palm_elapsed_s,palm_error,palm_model,palm_input_tokens,palm_output_tokens,palm_cost_usd,blind_answer_a,vote,vote_possibly_unblinded,' +
      'side_a_service,side_a_model,side_b_service,side_b_model,conversation_id,turn,turn_choice',
  );
  expect(csv).toContain(`"${prompt.replaceAll('"', '""')}"`);
  expect(csv).toContain(chatAnswer.split('\n')[0]!);
  await context.close();
});

test.describe('Contact Us', () => {
  async function openContact(page: Page) {
    await openHome(page);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('shows each validation message in the docs/product.md §5 order', async ({ page }) => {
    const dialog = await openContact(page);
    const email = dialog.getByRole('textbox', { name: 'Email' });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    const steps = [
      { email: 'not-an-email', message: '', text: MESSAGES.contact.invalidEmail },
      { email: 'me@example.com', message: '', text: MESSAGES.contact.emptyMessage },
      { email: 'me@example.com', message: 'Too short', text: MESSAGES.contact.shortMessage },
    ];
    for (const step of steps) {
      await email.fill(step.email);
      await message.fill(step.message);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(step.text);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('sends, thanks, clears and closes', async ({ page }) => {
    const dialog = await openContact(page);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('visitor@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello, how do I get an API key?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(MESSAGES.contact.sent)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Us' }).getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });
});

test('the footer links open the legal pages in a new tab', async ({ page, context }) => {
  await openHome(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  for (const [name, path] of [
    ['Privacy Policy', '/privacy-policy'],
    ['Terms and Conditions', '/terms-and-conditions'],
  ] as const) {
    const opened = context.waitForEvent('page');
    await footer.getByRole('link', { name: new RegExp(name) }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(path);
    await expect(tab.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await seriousAxeViolations(tab)).toEqual([]);
    await tab.close();
  }
  await expect(page).toHaveURL(/\/$/);
});
