import { BLIND_TEXTS, RESULT_TITLES, type TLogExportEntry, type TScoreboard } from '@promptpair/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, openOptionsPanel, test } from '../fixtures/test.ts';

// End to end: costs, the verdict line, blind mode with its vote and scoreboard, and the
// reading layout. Each test is a new visitor with their own keys (the simulator takes any key),
// so the free prompts never run out however many comparisons a test makes.

/** Names that would tell the services apart. */
const SERVICE_NAMES = /chat\s?gpt|palm|gemini|gpt|openai|google|bison/i;
/** Each service answers a neutral text that tells a test (not a visitor) which one wrote it. */
const MARKED = '[[openai:text=ALPHA thinks the sky is blue today]] [[google:text=BETA thinks the sky is grey today]]';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });

async function newVisitor(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(/free prompts left/)).toBeVisible();
  for (const [panel, key] of [['ChatGPT Options', 'ChatGPT API key'], ['Bard Options', 'Palm API key']] as const) {
    await openOptionsPanel(page, panel);
    const region = page.getByRole('region', { name: panel });
    await region.getByLabel(key).fill(`e2e-visitor-key-${panel.length}`);
    await region.getByRole('checkbox', { name: 'Log output' }).check();
  }
  return { context, page };
}

async function send(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
}

test('costs and the verdict line: tokens in and out, a cost or "price unknown", and plain sentences', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  await page.getByRole('region', { name: 'Bard Options' }).getByLabel('Model').selectOption('chat-bison-001');
  await send(page, `Costs please ${MARKED}`);
  const chat = box(page, RESULT_TITLES.chatGPT);
  await expect(chat).toContainText('Tokens in / out');
  await expect(chat.getByText(/^\$\d/)).toBeVisible();
  const palm = box(page, RESULT_TITLES.palmAPI);
  await expect(palm).toContainText('chat-bison-001');
  await expect(palm).toContainText('Tokens in / out');
  await expect(palm.getByText('price unknown')).toBeVisible();

  const verdict = page.getByRole('region', { name: 'Verdict' });
  await expect(verdict).toContainText(/(ChatGPT|Palm API) finished first|Both finished at about the same time/);
  await expect(verdict).toContainText('Cost cannot be compared: price unknown for Palm API.');
  await expect(verdict).toContainText('ChatGPT: 7 words; Palm API: 7 words.');
  await expect(verdict).toContainText('The answers share 71% of their words.');
  await expect(verdict).toContainText('Cost is an estimate at list prices');
  await context.close();
});

test('blind mode: hidden names, a random order, the vote, the reveal, Log Details, the scoreboard and both downloads', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await newVisitor(browser);
  await page.getByRole('checkbox', { name: BLIND_TEXTS.toggle }).check();

  const choices = ['A is better', 'B is better', 'Tie', 'Both are bad'] as const;
  const seen = new Set<string>();
  const votes: { alphaIsA: boolean; choice: (typeof choices)[number] }[] = [];
  for (let i = 0; i < 12; i += 1) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/blind-comparisons') && r.request().method() === 'POST');
    await send(page, `Blind ${i} ${MARKED}`);
    const network = await (await answered).text();
    // The answer the page reads before the vote names nothing and carries no metric.
    expect(network).not.toMatch(SERVICE_NAMES);
    expect(network).not.toMatch(/tokens|elapsed|rawOutput|model|cost|usage/);

    const first = box(page, BLIND_TEXTS.answerA);
    await expect(first).toContainText(/ALPHA|BETA/);
    await expect(page.getByRole('button', { name: choices[0] })).toBeVisible();
    // Nothing in the results' DOM or accessibility tree names a service before the vote.
    expect(await results(page).innerHTML()).not.toMatch(SERVICE_NAMES);
    expect(await results(page).ariaSnapshot()).not.toMatch(SERVICE_NAMES);
    await expect(results(page)).not.toContainText('Elapsed time');

    const alphaIsA = (await first.innerText()).includes('ALPHA');
    seen.add(alphaIsA ? 'ALPHA first' : 'BETA first');
    const choice = choices[i % choices.length]!;
    votes.push({ alphaIsA, choice });
    await page.getByRole('button', { name: choice }).click();

    // The reveal: titles name the services, consistent with what each wrote; metrics come back.
    const titleA = `${BLIND_TEXTS.answerA}: ${alphaIsA ? RESULT_TITLES.chatGPT : RESULT_TITLES.palmAPI}`;
    await expect(box(page, titleA)).toContainText(alphaIsA ? 'ALPHA' : 'BETA');
    await expect(box(page, titleA)).toContainText('Elapsed time');
    await expect(results(page).getByRole('status').filter({ hasText: 'Your vote' })).toContainText(`Your vote: ${BLIND_TEXTS.votedAs[['a', 'b', 'tie', 'both_bad'][i % 4] as 'a']}`);
  }
  expect(seen).toEqual(new Set(['ALPHA first', 'BETA first']));

  // The scoreboard adds the votes up through the hidden order.
  const chat = { wins: 0, losses: 0, ties: 0, bothBad: 0 };
  for (const { alphaIsA, choice } of votes) {
    if (choice === 'Tie') chat.ties += 1;
    else if (choice === 'Both are bad') chat.bothBad += 1;
    else if ((choice === 'A is better') === alphaIsA) chat.wins += 1;
    else chat.losses += 1;
  }
  await page.getByRole('button', { name: BLIND_TEXTS.scoreboard }).click();
  const board = page.getByRole('region', { name: BLIND_TEXTS.scoreboard });
  const chatRow = board.getByRole('table').first().getByRole('row', { name: new RegExp(`^${RESULT_TITLES.chatGPT}`) });
  await expect(chatRow).toHaveText(`${RESULT_TITLES.chatGPT}${chat.wins}${chat.losses}${chat.ties}${chat.bothBad}`);
  await expect(board).toContainText('All comparisons: 12 votes');
  const api = (await (await page.request.get('/api/votes/scoreboard')).json()) as TScoreboard;
  expect(api.overall.byService.chatgpt).toEqual(chat);

  // Log Details shows each vote; both downloads carry it.
  await page.getByRole('button', { name: 'Download Output' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Details' });
  await expect(dialog.getByRole('columnheader', { name: 'Blind vote' })).toBeVisible();
  const newest = dialog.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText(BLIND_TEXTS.votedAs.both_bad);
  await expect(newest).toContainText(votes.at(-1)!.alphaIsA ? 'A: ChatGPT, B: Palm API' : 'A: Palm API, B: ChatGPT');
  await expect(dialog.getByRole('columnheader', { name: 'Running total' })).toBeVisible();

  const json = (await (await page.request.get('/log-details/download?format=json')).json()) as TLogExportEntry[];
  expect(json).toHaveLength(12);
  expect(json.map((entry) => entry.vote?.answerA === 'a').reverse()).toEqual(votes.map((v) => v.alphaIsA));
  expect(json.every((entry) => typeof entry.chatGPT?.cost === 'number')).toBe(true);
  const csv = await (await page.request.get('/log-details/download?format=csv')).text();
  const [header, latest] = csv.replace(/^\ufeff/, '').split('\r\n');
  expect(header).toContain('chatgpt_cost_usd');
  // The blind vote's columns, which service and model each side ran on, then the conversation: each blind comparison starts one.
  expect(header!.endsWith('blind_answer_a,vote,vote_possibly_unblinded,side_a_service,side_a_model,side_b_service,side_b_model,conversation_id,turn,turn_choice')).toBe(true);
  // Answer A named by its side and what it ran on.
  expect(latest).toMatch(new RegExp(`,${votes.at(-1)!.alphaIsA ? 'side a \\(ChatGPT\\)' : 'side b \\(Palm API\\)'},both_bad,no,chatgpt,[^,]*,palm,[^,]*,[0-9a-f-]{36},1,$`));
  await context.close();
});

test('blind mode: an answer naming its maker marks the vote possibly unblinded, after the vote only', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  await page.getByRole('checkbox', { name: BLIND_TEXTS.toggle }).check();
  await send(page, 'Who made you? [[openai:text=I am ChatGPT, made by OpenAI.]] [[google:text=I am a helpful assistant.]]');
  await expect(box(page, BLIND_TEXTS.answerA)).toContainText(/ChatGPT|helpful/);
  await expect(page.getByText(BLIND_TEXTS.possiblyUnblinded)).toHaveCount(0);
  await expect(page.getByText(BLIND_TEXTS.selfNamed)).toHaveCount(0);
  await page.getByRole('button', { name: 'Tie' }).click();
  await expect(results(page).getByRole('status').filter({ hasText: 'Your vote' })).toContainText(BLIND_TEXTS.possiblyUnblinded);
  const chatBox = results(page).getByRole('region', { name: new RegExp(`: ${RESULT_TITLES.chatGPT} answer$`) });
  await expect(chatBox).toContainText('I am ChatGPT');
  await expect(results(page).getByText(BLIND_TEXTS.selfNamed)).toHaveCount(1);
  await context.close();
});

const LONG = Array.from({ length: 80 }, (_, i) => `Line ${i} of a long answer.`).join(' ');

test('reading: an answer expands to the full width and back, keeping both boxes and their scroll', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { width: 1280, height: 900 });
  await send(page, `Long please [[openai:text=${LONG}]]`);
  const chat = box(page, RESULT_TITLES.chatGPT);
  await expect(chat).toContainText('Line 79');
  await chat.evaluate((element) => {
    element.scrollTop = 150;
    element.dataset.sameNode = 'yes';
  });
  const halfWidth = (await chat.boundingBox())!.width;
  // At another width the text reflows, so the pixel offset may move; the box must be the same node, still scrolled.
  const keptScroll = () => chat.evaluate((element) => element.dataset.sameNode === 'yes' && element.scrollTop > 100);

  await page.getByRole('button', { name: `Expand ${RESULT_TITLES.chatGPT}` }).click();
  const back = page.getByRole('button', { name: 'Side by side' });
  await expect(back).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await chat.boundingBox())!.width).toBeGreaterThan(halfWidth * 1.8);
  await expect(box(page, RESULT_TITLES.palmAPI)).toBeVisible();
  expect(await keptScroll()).toBe(true);

  await back.click();
  await expect.poll(async () => Math.round((await chat.boundingBox())!.width)).toBe(Math.round(halfWidth));
  expect(await keptScroll()).toBe(true);

  // The right-hand answer expands first in the reading order, without moving in the DOM.
  await page.getByRole('button', { name: `Expand ${RESULT_TITLES.palmAPI}` }).click();
  const palmTop = (await box(page, RESULT_TITLES.palmAPI).boundingBox())!.y;
  expect(palmTop).toBeLessThan((await chat.boundingBox())!.y);
  await context.close();
});

test('reading on a phone: two tabs under the verdict line, each keeping its own scroll', async ({ browser }) => {
  const { context, page } = await newVisitor(browser, { width: 390, height: 844 });
  await send(page, `Phone [[openai:text=${LONG}]] [[google:text=${LONG}]]`);
  const tabs = page.getByRole('tablist', { name: 'Answers' });
  await expect(tabs.getByRole('tab')).toHaveText([RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI]);
  const verdict = page.getByRole('region', { name: 'Verdict' });
  await expect(verdict).toBeVisible();
  // Polled: the verdict region renders again as the second answer finishes.
  await expect.poll(async () => ((await verdict.boundingBox())?.y ?? Infinity) < ((await tabs.boundingBox())?.y ?? -Infinity)).toBe(true);
  await expect(page.getByRole('button', { name: /^Expand / })).toHaveCount(0);

  // Read once written: while an answer is written its box follows the newest text.
  await expect(page.getByRole('button', { name: 'Submit Prompt' })).toBeEnabled();
  const chat = box(page, RESULT_TITLES.chatGPT);
  await expect(chat).toBeVisible();
  await chat.evaluate((element) => (element.scrollTop = 120));
  await tabs.getByRole('tab', { name: RESULT_TITLES.palmAPI }).click();
  await expect(tabs.getByRole('tab', { name: RESULT_TITLES.palmAPI })).toHaveAttribute('aria-selected', 'true');
  await expect(box(page, RESULT_TITLES.palmAPI)).toBeVisible();
  await expect(chat).toBeHidden();
  // Arrow keys move between the tabs, as in any tab list.
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: RESULT_TITLES.chatGPT })).toBeFocused();
  await expect(chat).toBeVisible();
  expect(await chat.evaluate((element) => element.scrollTop)).toBe(120);
  await context.close();
});
