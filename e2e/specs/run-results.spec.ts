import { AxeBuilder } from '@axe-core/playwright';
import { batchItemsPath, batchResultsPath, BLIND_TEXTS, RESULT_TITLES, RUN_RESULTS_TEXTS, type TRunItemsPage } from '@promptpair/contract';
import { subscribe } from '../fixtures/subscribe.ts';
import { expect, seriousAxeViolations, test } from '../fixtures/test.ts';

// End to end: a small prompt list in demo mode, its results view prompt by prompt, blind
// until the vote, then the vote in the run's scoreboard and in its download.

/** Names that would tell the services apart. */
const SERVICE_NAMES = /chat\s?gpt|palm|gemini|gpt|openai|google|bison/i;
/** Each service answers a neutral text that tells the test (not the page) which one wrote it. */
const PROMPTS = [1, 2, 3].map((n) => `Fruit ${n}: [[openai:text=ALPHA likes pears ${n}]] [[google:text=BETA likes plums ${n}]]`);

test('a run’s results: both answers of a prompt blind, the vote, the reveal with costs, the run’s scoreboard and the download', async ({ page }) => {
  test.setTimeout(90_000);
  await subscribe(page);
  await page.getByRole('button', { name: 'Upload Prompt List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Prompt List' });
  await dialog.getByLabel('Prompt list file').setInputFiles({ name: 'fruits.txt', mimeType: 'text/plain', buffer: Buffer.from(PROMPTS.join('\n') + '\n') });
  await dialog.getByRole('button', { name: 'Run prompt list' }).click();
  const run = dialog.getByRole('region', { name: 'Prompt list run' });
  await expect(run.getByRole('progressbar', { name: '100% of the prompts finished' })).toBeVisible({ timeout: 30_000 });

  const itemsAnswer = page.waitForResponse((r) => r.url().includes('/items?page=1'));
  await run.getByRole('link', { name: RUN_RESULTS_TEXTS.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results of fruits.txt' })).toBeVisible();
  const runId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  // The answer the page reads before the vote names nothing and carries no metric, once the prompts' own text is set aside.
  const network = (await (await itemsAnswer).json()) as TRunItemsPage;
  expect(network.items).toHaveLength(3);
  for (const item of network.items) {
    expect(item.state).toBe('blind');
    expect(JSON.stringify({ ...item, prompt: '' })).not.toMatch(SERVICE_NAMES);
    expect(JSON.stringify({ ...item, prompt: '' })).not.toMatch(/tokens|elapsed|rawOutput|model|cost|usage/);
  }

  const prompt = page.getByRole('article', { name: RUN_RESULTS_TEXTS.prompt(1) });
  const answerA = prompt.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer` });
  const answerB = prompt.getByRole('region', { name: `${BLIND_TEXTS.answerB} answer` });
  await expect(answerA).toContainText(/ALPHA likes pears 1|BETA likes plums 1/);
  await expect(answerB).toContainText(/ALPHA likes pears 1|BETA likes plums 1/);
  // Nothing in the answers' DOM or accessibility tree names a service or shows a metric before the vote.
  for (const box of [answerA, answerB]) {
    expect(await box.innerHTML()).not.toMatch(SERVICE_NAMES);
    expect(await box.ariaSnapshot()).not.toMatch(SERVICE_NAMES);
  }
  await expect(prompt).not.toContainText('Elapsed time');
  await expect(prompt).not.toContainText('$');
  await expect(page.getByRole('region', { name: RUN_RESULTS_TEXTS.scoreboard })).toContainText(RUN_RESULTS_TEXTS.noVotes);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // And in the dark theme, chosen in the header.
  await page.getByRole('banner').getByLabel('Theme').selectOption('dark');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(33, 37, 41)');
  expect(await seriousAxeViolations(page), 'axe in dark').toEqual([]);
  await page.getByRole('banner').getByLabel('Theme').selectOption('light');
  // Three prompts, each with two answers and a verdict: every landmark still has a name of its own.
  expect((await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()).violations).toEqual([]);

  const alphaIsA = (await answerA.innerText()).includes('ALPHA');
  const winner = alphaIsA ? RESULT_TITLES.chatGPT : RESULT_TITLES.palmAPI;
  const loser = alphaIsA ? RESULT_TITLES.palmAPI : RESULT_TITLES.chatGPT;
  // By keyboard: the vote's first button, then Enter.
  await prompt.getByRole('group', { name: 'Which answer to prompt 1 is better?' }).getByRole('button', { name: BLIND_TEXTS.choices.a }).focus();
  await page.keyboard.press('Enter');

  // The reveal: both answers named, each with its metrics and cost, and the verdict line.
  const revealedA = prompt.getByRole('region', { name: `${BLIND_TEXTS.answerA}: ${winner} answer` });
  const revealedB = prompt.getByRole('region', { name: `${BLIND_TEXTS.answerB}: ${loser} answer` });
  await expect(revealedA).toContainText(alphaIsA ? 'ALPHA likes pears 1' : 'BETA likes plums 1');
  await expect(revealedB).toContainText(alphaIsA ? 'BETA likes plums 1' : 'ALPHA likes pears 1');
  for (const box of [revealedA, revealedB]) {
    await expect(box).toContainText('Elapsed time');
    await expect(box).toContainText('Tokens in / out');
    await expect(box.getByText(/^\$\d/)).toBeVisible();
  }
  await expect(prompt.getByText(`Your vote: ${BLIND_TEXTS.votedAs.a}.`)).toBeVisible();
  await expect(prompt.getByRole('region', { name: 'Verdict' })).toContainText(/finished first|same time/);
  // The other prompts stay blind.
  await expect(page.getByRole('article', { name: RUN_RESULTS_TEXTS.prompt(2) }).getByRole('button', { name: BLIND_TEXTS.choices.a })).toBeVisible();

  // The run's scoreboard counts the vote for the service that was A.
  const scoreboard = page.getByRole('region', { name: RUN_RESULTS_TEXTS.scoreboard });
  await expect(scoreboard).toContainText('Prompt list fruits.txt: 1 vote');
  await expect(scoreboard.getByRole('table').first().getByRole('row', { name: new RegExp(`^${winner}`) })).toHaveText(`${winner}1000`);
  await expect(scoreboard.getByRole('table').first().getByRole('row', { name: new RegExp(`^${loser}`) })).toHaveText(`${loser}0100`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // After a reload the vote is still there, and the download holds it.
  await page.reload();
  await expect(page.getByRole('article', { name: RUN_RESULTS_TEXTS.prompt(1) }).getByText(`Your vote: ${BLIND_TEXTS.votedAs.a}.`)).toBeVisible();
  const csv = (await (await page.request.get(batchResultsPath(runId, 'csv'))).text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(csv[0]!.endsWith('finished_at,blind_answer_a,vote,vote_possibly_unblinded')).toBe(true);
  expect(csv).toHaveLength(4);
  expect(csv[1]!.startsWith('1,')).toBe(true);
  expect(csv[1]!.endsWith(`,${alphaIsA ? 'side a (ChatGPT)' : 'side b (Palm API)'},a,no`)).toBe(true);
  for (const row of csv.slice(2)) expect(row.endsWith(',,,')).toBe(true);
  // Another visitor sees nothing of this run.
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.request.get(new URL(batchItemsPath(runId, 1), page.url()).toString());
  expect(other.status()).toBe(404);
  await stranger.close();
});
