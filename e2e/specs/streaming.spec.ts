import { readFile } from 'node:fs/promises';
import { describeStoppedSide, FREE_PROMPTS, MESSAGES, RESULT_TITLES } from '@promptpair/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, openOptionsPanel, test } from '../fixtures/test.ts';

// End to end: both answers stream in, show their speed, stop on Stop or Escape, render as
// Markdown without running anything, and the log and the shared page hold what was shown.
// The simulator obeys directives typed in the prompt (tools/fake-upstream/README.md): each test
// paces or writes its own answers, so tests run side by side.

const SIDES = [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI] as const;
const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });
const card = (page: Page, title: string) => page.locator('section.result-box', { has: box(page, title) });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Prompt' });
/** What a box shows of its answer, as text (the Plain text view keeps it exactly as written). */
const shownText = (page: Page, title: string) => box(page, title).locator('.result-box__message').innerText();
const metaValue = (page: Page, title: string, term: string) => box(page, title).locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');

/**
 * Both services answer `words` words at `tokensPerSecond` (the simulator's `tps` and `text`
 * directives), `between` each two. The e2e stack gives an upstream call 15 s, so a paced answer that
 * must finish stays shorter.
 */
const paced = (tokensPerSecond: number, words: number, between = ' ') => `[[all:tps=${tokensPerSecond},text=${pacedText(words, between)}]]`;
/** The text a paced answer writes: word1, word2, … */
const pacedText = (words: number, between: string) => Array.from({ length: words }, (_, index) => `word${index + 1}`).join(between);

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/');
  // The session call sets the XSRF cookie; wait for it so the first POST carries the token.
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
  return { context, page };
}

async function tickLogOutputs(page: Page) {
  for (const panel of ['ChatGPT Options', 'Bard Options'] as const) {
    await openOptionsPanel(page, panel);
    await page.getByRole('region', { name: panel }).getByRole('checkbox', { name: 'Log output' }).check();
  }
}

async function compare(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await submitButton(page).click();
}

/** Share → the link the page copied. `ownAlert`: the test answers Share's alert itself. */
async function shareLink(page: Page, ownAlert = false): Promise<string> {
  if (!ownAlert) page.once('dialog', (dialog) => void dialog.accept());
  // The browser keeps its clipboard from test to test: an earlier test's link must not pass for this one.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/chatid\/[A-Za-z0-9_-]{22}$/);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Log Details' cell for one side of the newest comparison. */
async function newestLogCell(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Download Output' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Details' });
  const row = dialog.locator('table.log-table > tbody > tr').first();
  await expect(row).toBeVisible();
  return row.getByRole('group', { name: `${title} answer` });
}

test('both boxes grow while in flight, then show time to first token and tokens per second; log and share match', async ({ browser }) => {
  // A whole paced comparison, then the shared page and the log: past 30 s on a loaded machine.
  test.slow();
  const { context, page } = await newVisitor(browser);
  await tickLogOutputs(page);
  await page.getByRole('button', { name: 'Plain text' }).click();
  // A word a line: the boxes overflow a fraction of a second into the answer's 12 s, which leaves
  // the scrolling below the rest of it even while other tests load the machine (at 6 s, three
  // answers in a row ended before the box was scrolled up in a full run).
  const story = `Tell me a long story. ${paced(50, 300, '\n')}`;
  /** The whole answer's length as the Plain text view shows it. */
  const wholeAnswer = pacedText(300, '\n').length;
  await compare(page, story);
  await expect(submitButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  // Read each box twice during the one comparison: both have grown in between.
  for (const title of SIDES) await expect(card(page, title)).toContainText('writing…');
  const first = await Promise.all(SIDES.map((title) => shownText(page, title)));
  for (const [index, title] of SIDES.entries()) {
    await expect.poll(async () => (await shownText(page, title)).length).toBeGreaterThan(first[index]!.length);
  }
  // A box follows the newest text once it no longer fits (and is left where it was when done), but a
  // visitor who scrolls up to read stays there while the text goes on growing below. The box must be
  // scrolled up well before the answer ends, so these steps look every 50 ms (a poll's default backs
  // off to 1 s) and hover without the actionability waits, which took most of a second under load.
  const scrolledBy = (title: string) => box(page, title).evaluate((element) => element.scrollTop);
  const promptly = { intervals: [50], timeout: 15_000 };
  // On a slow machine the answer can end before the box is scrolled up, and then nothing grows
  // below it to see: the comparison runs again, up to three times, until the box is scrolled up
  // with part of the answer still to come.
  let whenScrolledUp = wholeAnswer;
  for (let attempt = 0; attempt < 3 && whenScrolledUp === wholeAnswer; attempt++) {
    if (attempt > 0) {
      await expect(submitButton(page)).toBeEnabled({ timeout: 60_000 });
      await compare(page, story);
      await expect(card(page, RESULT_TITLES.palmAPI)).toContainText('writing…');
    }
    await expect.poll(() => scrolledBy(RESULT_TITLES.palmAPI), promptly).toBeGreaterThan(0);
    await box(page, RESULT_TITLES.palmAPI).hover({ force: true });
    // The visitor turns the wheel until the box is at its top: a box that has only just begun to
    // overflow can let a first turn pass without moving (Chromium has yet to make it a scroller).
    await expect
      .poll(async () => {
        if ((await scrolledBy(RESULT_TITLES.palmAPI)) > 0) await page.mouse.wheel(0, -10_000);
        return scrolledBy(RESULT_TITLES.palmAPI);
      }, promptly)
      .toBe(0);
    whenScrolledUp = (await shownText(page, RESULT_TITLES.palmAPI)).length;
  }
  expect(whenScrolledUp).toBeLessThan(wholeAnswer);
  await expect.poll(() => scrolledBy(RESULT_TITLES.chatGPT)).toBeGreaterThan(0);
  await expect(card(page, RESULT_TITLES.palmAPI)).not.toContainText('writing…', { timeout: 60_000 });
  expect((await shownText(page, RESULT_TITLES.palmAPI)).length).toBeGreaterThan(whenScrolledUp);
  expect(await scrolledBy(RESULT_TITLES.palmAPI)).toBe(0);

  await expect(submitButton(page)).toBeEnabled({ timeout: 60_000 });
  for (const title of SIDES) {
    await expect(metaValue(page, title, 'Elapsed time')).toHaveText(/^\d+\.\d\d seconds$/);
    await expect(metaValue(page, title, 'Tokens')).toHaveText(/^\d+$/);
  }
  // ChatGPT and Gemini stream: both figures are known.
  await expect(metaValue(page, RESULT_TITLES.chatGPT, 'Time to first token')).toHaveText(/^\d+\.\d\d seconds$/);
  await expect(metaValue(page, RESULT_TITLES.chatGPT, 'Tokens per second')).toHaveText(/^\d+\.\d$/);
  await expect(metaValue(page, RESULT_TITLES.palmAPI, 'Time to first token')).toHaveText(/^\d+\.\d\d seconds$/);
  await expect(metaValue(page, RESULT_TITLES.palmAPI, 'Tokens per second')).toHaveText(/^\d+\.\d$/);
  const shown = await Promise.all(SIDES.map((title) => shownText(page, title)));
  const rates = await Promise.all(SIDES.map((title) => metaValue(page, title, 'Tokens per second').innerText()));

  // The shared page shows the same answers and figures to someone else.
  const link = await shareLink(page);
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(link);
  await other.getByRole('button', { name: 'Plain text' }).click();
  for (const [index, title] of SIDES.entries()) {
    await expect(box(other, title).locator('.result-box__message')).toHaveText(shown[index]!);
    await expect(metaValue(other, title, 'Tokens per second')).toHaveText(rates[index]!);
  }

  // So does the log.
  for (const [index, title] of SIDES.entries()) {
    await expect(await newestLogCell(page, title)).toHaveText(shown[index]!);
    await page.getByRole('dialog', { name: 'Log Details' }).getByRole('button', { name: 'Close' }).first().click();
  }
  await Promise.all([context.close(), stranger.close()]);
});

test('Stop keeps what arrived, marked stopped; the log holds it and Share works', async ({ browser }) => {
  test.slow();
  const { context, page } = await newVisitor(browser);
  await tickLogOutputs(page);
  await page.getByRole('button', { name: 'Plain text' }).click();
  await compare(page, `Write at length. ${paced(30, 400)}`);
  for (const title of SIDES) await expect.poll(async () => (await shownText(page, title)).length).toBeGreaterThan(20);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(submitButton(page)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  const shown = await Promise.all(SIDES.map((title) => shownText(page, title)));
  for (const [index, title] of SIDES.entries()) {
    await expect(card(page, title).getByText('Stopped', { exact: true })).toBeVisible();
    await expect(box(page, title)).toContainText(describeStoppedSide(title, true));
    expect(shown[index]!.length).toBeGreaterThan(20);
  }
  // Nothing more arrives after Stop.
  await page.waitForTimeout(500);
  for (const [index, title] of SIDES.entries()) expect(await shownText(page, title)).toBe(shown[index]);

  // The server logged what it had when the page stopped: what was shown, perhaps a chunk or two more.
  for (const [index, title] of SIDES.entries()) {
    const logged = await (await newestLogCell(page, title)).innerText();
    expect(logged.startsWith(shown[index]!)).toBe(true);
    await expect(page.getByRole('dialog', { name: 'Log Details' }).getByText('Stopped', { exact: true }).first()).toBeVisible();
    await page.getByRole('dialog', { name: 'Log Details' }).getByRole('button', { name: 'Close' }).first().click();
  }
  await shareLink(page);
  await context.close();
});

test('Escape stops a running comparison', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  await compare(page, `Write at length. ${paced(30, 400)}`);
  await expect.poll(async () => (await shownText(page, RESULT_TITLES.chatGPT)).length).toBeGreaterThan(10);
  await page.keyboard.press('Escape');
  await expect(submitButton(page)).toBeEnabled();
  await expect(card(page, RESULT_TITLES.chatGPT).getByText('Stopped', { exact: true })).toBeVisible();
  await context.close();
});

// A table, a fenced code block and three ways to run script: an <img onerror>, a <script> and a
// javascript: link (an autolink and a raw <a>). Directive text cannot hold "]", hence no [text](url).
const HOSTILE_MARKDOWN = [
  'Intro <img src=x onerror="window.__hostile=1"> <script>window.__hostile=2</script>',
  '',
  '<javascript:window.__hostile=3> <a href="javascript:window.__hostile=4">raw link</a> <https://example.com/ok>',
  '',
  '| Name | Cost |',
  '| --- | --- |',
  '| quick | n log n |',
  '',
  '```js',
  'const answer = 42;',
  '```',
].join('\n');

async function expectRenderedSafely(page: Page, answer: Locator) {
  await expect(answer.getByRole('table')).toBeVisible();
  await expect(answer.getByRole('cell', { name: 'n log n' })).toBeVisible();
  await expect(answer.locator('pre code .hljs-keyword').first()).toHaveText('const');
  await expect(answer.locator('img, script, iframe')).toHaveCount(0);
  await expect(answer.locator('[onerror]')).toHaveCount(0);
  await expect(answer.locator('a[href^="javascript" i]')).toHaveCount(0);
  await expect(answer.getByRole('link', { name: 'https://example.com/ok' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(answer).toContainText('<img src=x onerror=');
  expect(await page.evaluate(() => (window as { __hostile?: unknown }).__hostile)).toBeUndefined();
}

test('a Markdown answer renders with its table and highlighted code, and a hostile one runs nothing, on every page', async ({ browser }) => {
  test.slow();
  const { context, page } = await newVisitor(browser);
  await tickLogOutputs(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await compare(page, `Show me. [[all:text=${HOSTILE_MARKDOWN}]]`);
  await expect(submitButton(page)).toBeEnabled({ timeout: 30_000 });
  for (const title of SIDES) await expectRenderedSafely(page, box(page, title));

  const link = await shareLink(page, true);
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const strangerDialogs: string[] = [];
  other.on('dialog', (dialog) => {
    strangerDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await other.goto(link);
  for (const title of SIDES) await expectRenderedSafely(other, box(other, title));
  expect(strangerDialogs).toEqual([]);

  for (const title of SIDES) {
    await expectRenderedSafely(page, await newestLogCell(page, title));
    await page.getByRole('dialog', { name: 'Log Details' }).getByRole('button', { name: 'Close' }).first().click();
  }
  // Only Share's own alert appeared.
  expect(dialogs).toEqual([MESSAGES.linkCopied]);
  await Promise.all([context.close(), stranger.close()]);
});

test('a link whose text is the address of another host says where it leads, in the browser’s rendering and the server’s', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  // The simulator quotes the prompt's first words in its answer, so the answer holds this link.
  await compare(page, '[https://bank.example](https://evil.example/login)');
  await expect(submitButton(page)).toBeEnabled({ timeout: 30_000 });
  const link = await shareLink(page);
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(link);
  for (const shown of [page, other]) {
    for (const title of SIDES) {
      const disguised = box(shown, title).getByRole('link', { name: 'https://bank.example (leads to evil.example)' });
      await expect(disguised).toHaveAttribute('href', 'https://evil.example/login');
      await expect(disguised.getByText('(leads to evil.example)')).toBeVisible();
    }
  }
  await Promise.all([context.close(), stranger.close()]);
});

test('a shared page paints its answers rendered by the server: no request for them or for the renderer, nothing shifts, code copies', async ({ browser }) => {
  // The Markdown renderer's and the highlighter's files in this build.
  const manifest = JSON.parse(await readFile(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>;
  const rendererChunks = ['src/components/answer/markdown-answer.tsx', '../../packages/answer-markdown/src/highlight-code.ts'].map((source) => `/${manifest[source]!.file}`);
  const { context, page } = await newVisitor(browser);
  await compare(page, `Show me. [[all:text=${HOSTILE_MARKDOWN}]]`);
  await expect(submitButton(page)).toBeEnabled({ timeout: 30_000 });
  const link = await shareLink(page);

  const stranger = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const other = await stranger.newPage();
  // Every layout shift from the first paint on, as Lighthouse counts them.
  await other.addInitScript(() => {
    const shifts: number[] = ((window as { __shifts?: number[] }).__shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const requested: string[] = [];
  other.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await other.goto(link);
  for (const title of SIDES) await expectRenderedSafely(other, box(other, title));
  await other.waitForLoadState('networkidle');
  expect(requested.filter((path) => path.startsWith('/api/chat/'))).toEqual([]);
  expect(requested.filter((path) => rendererChunks.includes(path))).toEqual([]);
  expect(await other.evaluate(() => (window as { __shifts?: number[] }).__shifts)).toEqual([]);

  const chatGPT = box(other, RESULT_TITLES.chatGPT);
  await chatGPT.getByRole('button', { name: 'Copy code' }).click();
  await expect.poll(() => other.evaluate(() => navigator.clipboard.readText())).toBe('const answer = 42;\n');
  await expect(chatGPT.getByText(MESSAGES.codeCopied)).toBeVisible();
  await Promise.all([context.close(), stranger.close()]);
});
