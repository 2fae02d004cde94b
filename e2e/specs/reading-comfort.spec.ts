import { readFile } from 'node:fs/promises';
import { API_ROUTES, BLIND_TEXTS, CONVERSATION_TEXTS, MARKDOWN_ACTION_TEXTS, READING_TEXTS, RESULT_TITLES, THEME_STORAGE_KEY, type ThemeChoice } from '@promptpair/contract';
import { MARKDOWN_TEXTS } from '@promptpair/contract/comparison-markdown';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { STACK } from '../fixtures/stack.ts';
import { expect, openOptionsPanel, seriousAxeViolations, test } from '../fixtures/test.ts';

// Reading comfort end to end: the dark theme on every page (and on the shared page's first frame),
// nothing clipped on a phone or at 200 % text, and one comparison taken away as Markdown.

const DARK_BODY = 'rgb(33, 37, 41)';
const LIGHT_BODY = 'rgb(255, 255, 255)';
/** Each service answers a neutral text; ChatGPT's holds code, so the highlighter's colours are read too. */
const CODE_ANSWER = '[[openai:text=ALPHA writes:\n\n```js\n// a comment\nconst answer = "forty-two";\nfunction twice(x) { return 2 * x; }\n```\n]]';
const MARKED = '[[openai:text=ALPHA thinks the sky is blue today]] [[google:text=BETA thinks the sky is grey today]]';
const KEYS = { chatGPT: 'sk-e2e-markdown-SECRET-111', palm: 'AIza-e2e-markdown-SECRET-222' };

const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });
const themeSwitch = (page: Page) => page.getByRole('banner').getByLabel('Theme');
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));

async function newVisitor(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], ...options });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(/free prompts left/)).toBeVisible();
  return { context, page };
}

async function send(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
}

/** A comparison shared by a visitor of its own (over HTTP, as a script would): the shared page's address. */
async function sharedPageAddress(prompt: string): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(STACK.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  const compared = await post(API_ROUTES.getChatData, { prompt });
  expect(compared.ok).toBe(true);
  const cookie = compared.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { logId } = (await compared.json()) as { logId: string };
  const shared = await post(API_ROUTES.shareLink, { logId }, cookie);
  expect(shared.ok).toBe(true);
  return ((await shared.json()) as { url: string }).url;
}

/** How many of a canvas's pixels are drawn opaque in exactly the page's body text colour. */
const pixelsInBodyColour = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const [r, g, b] = (getComputedStyle(document.body).color.match(/\d+/g) ?? []).map(Number);
    const { width, height } = element as HTMLCanvasElement;
    const { data } = (element as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, width, height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) count++;
    return count;
  });

/** axe on the page as it is now, in each theme chosen with the header's switch. */
async function expectAxeCleanInBothThemes(page: Page, where: string) {
  for (const [choice, background] of [['light', LIGHT_BODY], ['dark', DARK_BODY]] as const) {
    await themeSwitch(page).selectOption(choice);
    await expect.poll(() => bodyBackground(page)).toBe(background);
    expect(await seriousAxeViolations(page), `axe on ${where} in ${choice}`).toEqual([]);
  }
}

test.describe('dark theme', () => {
  test('the switch is remembered, and "System" follows the system as it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(themeSwitch(page)).toHaveValue('system');
    expect(await htmlTheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);

    await themeSwitch(page).selectOption('light');
    await expect.poll(() => htmlTheme(page)).toBe('light');
    await page.reload();
    await expect(themeSwitch(page)).toHaveValue('light');
    expect(await htmlTheme(page)).toBe('light');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('"light"');
    // Another page of the site keeps it too.
    await page.goto('/privacy-policy');
    await expect(themeSwitch(page)).toHaveValue('light');
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);

    await themeSwitch(page).selectOption('system');
    await expect.poll(() => htmlTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlTheme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BODY);
  });

  for (const [how, choice] of [['the system prefers dark', null], ['the visitor chose dark', 'dark']] as const) {
    test(`the shared page paints dark from its first frame when ${how}`, async ({ browser }) => {
      const address = await sharedPageAddress('A first frame, in the dark.');
      const context = await browser.newContext({ colorScheme: choice ? 'light' : 'dark' });
      if (choice) await context.addInitScript(([key, value]: [string, ThemeChoice]) => localStorage.setItem(key, JSON.stringify(value)), [THEME_STORAGE_KEY, choice] as [string, ThemeChoice]);
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      // No module script runs: whatever is dark at DOMContentLoaded is the head's boot script and the stylesheet.
      await page.route(/\.js(\?|$)/, (route) => route.abort());
      await page.goto(address, { waitUntil: 'domcontentloaded' });
      expect(await htmlTheme(page)).toBe('dark');
      expect(await bodyBackground(page)).toBe(DARK_BODY);
      expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);
      expect(blocked, 'the CSP allowed the boot script').toEqual([]);
      await context.close();
    });
  }

  test('axe passes in both themes on the main page with answers, the shared, legal and not-found pages and Log Details', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await newVisitor(browser);
    await expectAxeCleanInBothThemes(page, 'the empty main page');
    await openOptionsPanel(page, 'ChatGPT Options');
    await page.getByRole('region', { name: 'ChatGPT Options' }).getByRole('checkbox', { name: 'Log output' }).check();
    await send(page, `Some code, please. ${CODE_ANSWER}`);
    await expect(box(page, RESULT_TITLES.chatGPT).locator('pre code .hljs-keyword').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verdict' })).toContainText('words');
    await expectAxeCleanInBothThemes(page, 'the main page with answers and code');
    // The highlighter's colours change with the mode.
    const keywordColour = () => box(page, RESULT_TITLES.chatGPT).locator('.hljs-keyword').first().evaluate((el) => getComputedStyle(el).color);
    const darkKeyword = await keywordColour();
    await themeSwitch(page).selectOption('light');
    await expect.poll(keywordColour).not.toBe(darkKeyword);

    await page.getByRole('button', { name: 'Download Output' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Details' });
    await expect(dialog.getByRole('table')).toBeVisible();
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    for (const [choice, background] of [['light', LIGHT_BODY], ['dark', DARK_BODY]] as const) {
      await page.evaluate(([key, value]) => localStorage.setItem(key, JSON.stringify(value)), [THEME_STORAGE_KEY, choice] as const);
      // Another tab switching the theme switches this one (the dialog keeps the switch out of reach).
      await page.evaluate((key) => window.dispatchEvent(new StorageEvent('storage', { key })), THEME_STORAGE_KEY);
      await expect.poll(() => bodyBackground(page)).toBe(background);
      expect(await seriousAxeViolations(page), `axe on Log Details in ${choice}`).toEqual([]);
      // axe cannot read a canvas: the chart's title, legend and ticks are drawn in the theme's body colour.
      await expect.poll(() => pixelsInBodyColour(dialog.getByRole('img', { name: /^Elapsed time/ })), `the chart's text in ${choice}`).toBeGreaterThan(20);
    }
    await page.keyboard.press('Escape');

    const shared = await sharedPageAddress(`Shared for axe. ${CODE_ANSWER}`);
    for (const path of [new URL(shared).pathname, '/privacy-policy', '/terms-and-conditions', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAxeCleanInBothThemes(page, path);
    }
    await context.close();
  });
});

/** Shown lines of `container` (its list items, paragraphs, headings, terms) that reach outside it, and whether it scrolls. */
function clipping(container: Locator, selector = 'li, p, h2, h3, dt, dd, span, button') {
  return container.evaluate((element, inner) => {
    const outer = element.getBoundingClientRect();
    const outside = [...element.querySelectorAll<HTMLElement>(inner)]
      // Text for screen readers only is drawn in a 1 px clip: no line anyone reads.
      .filter((child) => child.getClientRects().length > 0 && child.closest('.visually-hidden') === null)
      .filter((child) => {
        const r = child.getBoundingClientRect();
        return r.top < outer.top - 0.5 || r.bottom > outer.bottom + 0.5 || r.left < outer.left - 0.5 || r.right > outer.right + 0.5;
      })
      .map((child) => child.textContent);
    return { scrolls: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1, outside };
  }, selector);
}

for (const width of [320, 390, 768]) {
  for (const zoom of [100, 200]) {
    test(`at ${width} px and ${zoom} % text the verdict, the metrics and the answer headers are whole`, async ({ browser }) => {
      const { context, page } = await newVisitor(browser, { viewport: { width, height: 800 } });
      // Text zoom: every size in the page is in rem, so the root's font size is the browser's text size.
      if (zoom !== 100) await page.evaluate((percent) => void (document.documentElement.style.fontSize = `${percent}%`), zoom);
      await send(page, `Whole lines please ${MARKED}`);
      const verdict = page.getByRole('region', { name: 'Verdict' });
      await expect(verdict).toContainText('The answers share 71% of their words.');
      expect(await clipping(verdict)).toEqual({ scrolls: false, outside: [] });

      const body = box(page, RESULT_TITLES.chatGPT);
      await expect(body).toContainText('Elapsed time');
      const card = page.getByRole('region', { name: RESULT_TITLES.chatGPT, exact: true });
      expect(await clipping(card.locator('.card-header'))).toEqual({ scrolls: false, outside: [] });
      expect(await clipping(body.locator('dl.result-box__meta'), 'dt, dd')).toEqual({ scrolls: false, outside: [] });
      // Nothing on the page is wider than the screen (no sideways scrolling to read a line).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The answer's body scrolls: it is a named, focusable region with a visible cue.
      await expect(body).toHaveAttribute('tabindex', '0');
      await expect(body).toHaveAttribute('aria-label', `${RESULT_TITLES.chatGPT} answer`);
      expect(await body.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
      await context.close();
    });
  }
}

/** Follow-ups whose answers wrap, one with an address that cannot break short of a wide line. */
const FOLLOW_UPS = [
  'And a second look? [[openai:text=ALPHA looks again: https://example.com/a/rather/long/address/that/does/not/break/easily and more words]] [[google:text=BETA looks again, with a longer answer that wraps over several lines on a phone]]',
  'A third, shorter one. [[openai:text=ALPHA, third time]] [[google:text=BETA, third time]]',
];

/**
 * A conversation of three turns at a phone's width (the second carried on with Palm API's answer, so
 * its heading carries the longest badge; the third makes it an earlier, compact turn), read in each
 * theme and once at 200 % text: every line whole, and axe clean.
 */
const CONVERSATION_CASES = [
  ...[320, 390].flatMap((width) => (['light', 'dark'] as const).map((theme) => ({ width, theme, zoom: 100 }))),
  { width: 320, theme: 'light' as const, zoom: 200 },
];
for (const { width, theme, zoom } of CONVERSATION_CASES) {
  test(`a conversation of three turns at ${width} px and ${zoom} % text in ${theme}: every turn's verdict, metrics and answer headers are whole, and axe passes`, async ({ browser }) => {
    test.setTimeout(60_000);
    const { context, page } = await newVisitor(browser, { viewport: { width, height: 800 }, colorScheme: theme });
    if (zoom !== 100) await page.evaluate((percent) => void (document.documentElement.style.fontSize = `${percent}%`), zoom);
    await expect.poll(() => bodyBackground(page)).toBe(theme === 'dark' ? DARK_BODY : LIGHT_BODY);
    await send(page, `Whole turns please ${MARKED}`);
    await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toContainText('The answers share 71% of their words.');
    const reply = page.getByRole('textbox', { name: CONVERSATION_TEXTS.replyLabel });
    for (const [index, message] of FOLLOW_UPS.entries()) {
      await reply.fill(message);
      const sendButton = index === 0 ? CONVERSATION_TEXTS.carry(RESULT_TITLES.palmAPI) : CONVERSATION_TEXTS.send;
      await page.getByRole('button', { name: sendButton }).click();
      await expect(page.getByText(CONVERSATION_TEXTS.status.complete(index + 2))).toBeAttached();
      await expect(page.getByRole('region', { name: `Verdict, ${CONVERSATION_TEXTS.turn(index + 2)}` })).toContainText('words');
    }

    for (const [index, scope] of ['', `, ${CONVERSATION_TEXTS.turn(2)}`, `, ${CONVERSATION_TEXTS.turn(3)}`].entries()) {
      const verdict = page.getByRole('region', { name: `Verdict${scope}`, exact: true });
      expect(await clipping(verdict), `verdict${scope}`).toEqual({ scrolls: false, outside: [] });
      // On a phone each turn's answers are tabs: each is read in turn.
      for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) {
        await page.getByRole('tablist', { name: READING_TEXTS.answersTabs }).nth(index).getByRole('tab', { name: title }).click();
        const body = page.getByRole('region', { name: `${title} answer${scope}`, exact: true });
        await expect(body).toContainText('Elapsed time');
        const card = page.locator('section.card', { has: body });
        expect(await clipping(card.locator('.card-header')), `${title}'s header${scope}`).toEqual({ scrolls: false, outside: [] });
        expect(await clipping(body.locator('dl.result-box__meta'), 'dt, dd'), `${title}'s metrics${scope}`).toEqual({ scrolls: false, outside: [] });
        // A box that scrolls says so and is reachable by keyboard.
        await expect(body).toHaveAttribute('tabindex', '0');
        expect(await body.evaluate((el) => getComputedStyle(el).backgroundImage), `${title}'s scroll cue${scope}`).toContain('gradient');
      }
    }
    // Each turn's heading (with how it was sent), its message, the totals, the reply box and each side's choices wrap too.
    const conversation = page.getByRole('region', { name: CONVERSATION_TEXTS.section, exact: true });
    await expect(conversation.getByRole('heading', { name: new RegExp(CONVERSATION_TEXTS.choiceMade.carry(RESULT_TITLES.palmAPI)) })).toBeVisible();
    for (const part of [conversation, ...(await conversation.locator('section.conversation-turn > h3').all())]) {
      expect((await clipping(part, 'li, p, h2, h3, span, button, label, textarea')).outside).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

    expect(await seriousAxeViolations(page), `axe with a conversation at ${width} px in ${theme}`).toEqual([]);
    await context.close();
  });
}

test.describe('a comparison as Markdown', () => {
  async function withKeys(browser: Browser) {
    const visitor = await newVisitor(browser);
    for (const [panel, label, key] of [['ChatGPT Options', 'ChatGPT API key', KEYS.chatGPT], ['Bard Options', 'Palm API key', KEYS.palm]] as const) {
      await openOptionsPanel(visitor.page, panel);
      const region = visitor.page.getByRole('region', { name: panel });
      await region.getByLabel(label).fill(key);
      await region.getByRole('checkbox', { name: 'Log output' }).check();
    }
    await visitor.page.getByRole('region', { name: 'ChatGPT Options' }).getByRole('checkbox', { name: 'Temperature' }).check();
    return visitor;
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  /** Blind comparisons do not stream, so they have no time to first token. */
  function expectWholeComparison(markdown: string, prompt: string, streamed = true) {
    expect(markdown).toContain(`## Prompt\n\n\`\`\`text\n${prompt}\n\`\`\``);
    expect(markdown).toContain('```markdown\nALPHA thinks the sky is blue today\n```');
    expect(markdown).toContain('```markdown\nBETA thinks the sky is grey today\n```');
    for (const title of [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]) expect(markdown).toContain(`## ${title}\n\n| Measure | Value |`);
    expect(markdown).toMatch(streamed ? /\| Time to first token \| \d+\.\d\d s \|/ : /\| Time to first token \| not known \|/);
    expect(markdown).toMatch(/\| Elapsed time \| \d+\.\d\d s \|/);
    expect(markdown).toMatch(/\| Tokens \| \d+ \|/);
    expect(markdown).toMatch(/\| Cost \| \$[\d.]+ \|/);
    expect(markdown).toContain('- ChatGPT: 7 words; Palm API: 7 words.');
    expect(markdown).toContain('- The answers share 71% of their words.');
    expect(markdown).not.toContain(KEYS.chatGPT);
    expect(markdown).not.toContain(KEYS.palm);
    expect(markdown).not.toMatch(/apiKey|SECRET/);
  }

  test('from the main page and Log Details: copied and downloaded, whole and keyless', async ({ browser }) => {
    const { context, page } = await withKeys(browser);
    const prompt = `Sky colours ${MARKED}`;
    await send(page, prompt);
    await expect(page.getByRole('region', { name: 'Verdict' })).toContainText('share 71%');
    await page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy, exact: true }).click();
    await expect(page.getByText(MARKDOWN_TEXTS.copied)).toBeVisible();
    const copied = await clipboard(page);
    expectWholeComparison(copied, prompt);
    expect(copied).toMatch(/- Temperature: `[\d.]+`/);
    expect(copied).not.toContain(MARKDOWN_TEXTS.blindVote);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.download, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^promptpair-comparison-[A-Za-z0-9_-]+\.md$/);
    expect(await readFile(await download.path(), 'utf8')).toBe(copied);

    await page.getByRole('button', { name: 'Download Output' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Details' });
    await dialog.getByRole('button', { name: new RegExp(`^${MARKDOWN_ACTION_TEXTS.copy}`) }).first().click();
    await expect(dialog.getByText(MARKDOWN_TEXTS.copied)).toBeVisible();
    const fromLog = await clipboard(page);
    expectWholeComparison(fromLog, prompt);
    // The log kept what each side was sent with (never a key): the same settings as the main page's copy.
    const settingsSent = (markdown: string) => markdown.split(`**${MARKDOWN_TEXTS.settingsSent}**`).slice(1).map((part) => part.split('\n#')[0]);
    expect(settingsSent(fromLog)).toHaveLength(2);
    expect(settingsSent(fromLog)).toEqual(settingsSent(copied));
    expect(fromLog).toMatch(/- Temperature: `[\d.]+`/);
    expect(fromLog).not.toContain(MARKDOWN_TEXTS.settingsNotKept);
    await context.close();
  });

  test('a blind comparison offers it only after the vote, with the vote in it', async ({ browser }) => {
    const { context, page } = await withKeys(browser);
    await page.getByRole('checkbox', { name: BLIND_TEXTS.toggle }).check();
    const prompt = `Blind sky ${MARKED}`;
    await send(page, prompt);
    await expect(box(page, BLIND_TEXTS.answerA)).toContainText(/ALPHA|BETA/);
    await expect(page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy })).toHaveCount(0);
    await expect(page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.download })).toHaveCount(0);
    const alphaIsA = (await box(page, BLIND_TEXTS.answerA).innerText()).includes('ALPHA');
    await page.getByRole('button', { name: BLIND_TEXTS.choices.a }).click();

    await page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }).click();
    await expect(page.getByText(MARKDOWN_TEXTS.copied)).toBeVisible();
    const copied = await clipboard(page);
    expectWholeComparison(copied, prompt, false);
    expect(copied).toContain(`## Blind vote\n\nA was better (Answer A was ${alphaIsA ? RESULT_TITLES.chatGPT : RESULT_TITLES.palmAPI}).`);
    await context.close();
  });

  test('from the shared page, as its visitor sees it', async ({ browser }) => {
    const address = await sharedPageAddress(`Shared sky ${MARKED}`);
    const { context, page } = await newVisitor(browser);
    await page.goto(address);
    await page.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }).click();
    await expect(page.getByText(MARKDOWN_TEXTS.copied)).toBeVisible();
    const copied = await clipboard(page);
    expect(copied).toContain('```markdown\nALPHA thinks the sky is blue today\n```');
    expect(copied).toContain(`## Prompt\n\n\`\`\`text\nShared sky ${MARKED}\n\`\`\``);
    expect(copied).toContain('**Settings sent**');
    expect(copied).toMatch(/\| Model \| `[^`]+` \|/);
    await context.close();
  });
});
