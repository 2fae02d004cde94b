import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { BLIND_TEXTS, FREE_PROMPTS, keyRefusedMessage, RUN_PAIR_TEXTS, RUN_RESULTS_TEXTS, SERVICE_KEY_TEXTS, SIDE_TEXTS, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { STACK } from '../fixtures/stack.ts';
import { subscribe } from '../fixtures/subscribe.ts';
import { expect, seriousAxeViolations, test, openOptionsPanel } from '../fixtures/test.ts';

// Subscribe in 'Upload Prompt List', upload a 20-line list, watch the run reach 100 %, and
// download every answer. Keys are tried on their service before they are saved: the simulator
// refuses keys starting with "bad", as the real services refuse a wrong key.

const PROMPTS = Array.from({ length: 20 }, (_, i) => `E2E list prompt ${i + 1}: name a fruit.`);

test('subscribe, upload a 20-line list, see it reach 100 % and download the results', async ({ page }) => {
  // A long flow (25 s alone): the default 30 s ran out when the suite's two workers loaded the machine.
  test.setTimeout(90_000);
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


test.describe('a run on the pair the page holds', () => {
  // A stack of its own where Claude and a declared service are configured, so saved keys for them reach the simulator.
  const port = STACK.port + 12;
  let stack: ChildProcess | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const args = ['--import', 'tsx', 'fixtures/start-stack.ts', '--port', String(port), '--fake-port', String(STACK.fakePort + 12), '--any-service'];
    stack = spawn(process.execPath, args, { cwd: `${import.meta.dirname}/..`, stdio: 'inherit' });
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/session`).catch(() => null))?.status ?? 0, { timeout: 50_000 }).toBe(200);
  });

  test.afterAll(() => {
    stack?.kill('SIGTERM');
  });

  test('Claude on the left against a declared service on the right: the run, its summary and its results name both sides', async ({ page }) => {
    test.setTimeout(90_000);
    await subscribe(page);
    await page.getByRole('button', { name: 'Upload Prompt List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Prompt List' });
    const keys = dialog.getByRole('region', { name: SERVICE_KEY_TEXTS.heading });
    for (const [name, key] of [['Claude', 'sk-ant-e2e-subscriber-0005'], ['Model Router', 'e2e-router-key-0006']] as const) {
      const form = keys.getByRole('form', { name });
      await form.getByLabel(SERVICE_KEY_TEXTS.label(name)).fill(key);
      await form.getByRole('button', { name: SERVICE_KEY_TEXTS.save }).click();
      await expect(form).toContainText(SERVICE_KEY_TEXTS.savedHint(`${key.slice(0, 3)}…${key.slice(-4)}`));
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The page's pair: Claude left, the declared service right, each on its default model.
    const side = (which: 'a' | 'b') => page.getByRole('group', { name: SIDE_TEXTS.sideName[which] });
    await side('a').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.a }).selectOption('claude');
    await side('b').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.b }).selectOption('router');
    const modelOf = async (which: 'a' | 'b', title: string) => {
      await side(which).getByRole('button', { name: title }).click();
      return side(which).getByRole('region', { name: title }).getByRole('combobox', { name: 'Model' }).inputValue();
    };
    const claude = `Claude${SIDE_TEXTS.titleSeparator}${await modelOf('a', 'Claude Options')}`;
    const router = `Model Router${SIDE_TEXTS.titleSeparator}${await modelOf('b', 'Model Router Options')}`;

    const prompts = [1, 2].map((n) => `Pair ${n}: [[anthropic:text=CLAUDE answers ${n}]] [[compat/router:text=ROUTER answers ${n}]]`);
    await page.getByRole('button', { name: 'Upload Prompt List' }).click();
    await dialog.getByLabel('Prompt list file').setInputFiles({ name: 'pair.txt', mimeType: 'text/plain', buffer: Buffer.from(prompts.join('\n') + '\n') });
    await dialog.getByRole('button', { name: 'Run prompt list' }).click();
    const run = dialog.getByRole('region', { name: 'Prompt list run' });
    await expect(run).toContainText(RUN_PAIR_TEXTS.runsOn({ a: claude, b: router }));
    await expect(run.getByRole('progressbar', { name: '100% of the prompts finished' })).toBeVisible({ timeout: 30_000 });
    await expect(run).toContainText('2 done · 0 failed · 2 total');
    const summary = run.getByRole('region', { name: 'Run summary' });
    await expect(summary.getByRole('row', { name: new RegExp(`^${escaped(claude)} `) })).toBeVisible();
    await expect(summary.getByRole('row', { name: new RegExp(`^${escaped(router)} `) })).toBeVisible();

    // The results view: blind until the vote, then each answer named by its service and model.
    await run.getByRole('link', { name: RUN_RESULTS_TEXTS.link }).click();
    const prompt = page.getByRole('article', { name: RUN_RESULTS_TEXTS.prompt(1) });
    const answerA = prompt.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer` });
    await expect(answerA).toContainText(/CLAUDE answers 1|ROUTER answers 1/);
    const claudeIsA = (await answerA.innerText()).includes('CLAUDE');
    await prompt.getByRole('button', { name: BLIND_TEXTS.choices.a }).click();
    const [first, second] = claudeIsA ? [claude, router] : [router, claude];
    await expect(prompt.getByRole('region', { name: `${BLIND_TEXTS.answerA}: ${first} answer` })).toContainText(claudeIsA ? 'CLAUDE answers 1' : 'ROUTER answers 1');
    await expect(prompt.getByRole('region', { name: `${BLIND_TEXTS.answerB}: ${second} answer` })).toContainText(claudeIsA ? 'ROUTER answers 1' : 'CLAUDE answers 1');
  });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
