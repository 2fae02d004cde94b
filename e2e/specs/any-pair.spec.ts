import { spawn, type ChildProcess } from 'node:child_process';
import { BLIND_TEXTS, FREE_PROMPTS, SIDE_TEXTS } from '@promptpair/contract';
import type { Page } from '@playwright/test';
import { STACK } from '../fixtures/stack.ts';
import { expect, test } from '../fixtures/test.ts';

// End to end in demo mode: any offered service on either side. Claude (Anthropic's format) on the
// left against a declared OpenAI-compatible service on the right, both streamed from the simulator;
// then the same service and model on both sides, told apart by the temperature each sends.

const side = (page: Page, which: 'a' | 'b') => page.getByRole('group', { name: SIDE_TEXTS.sideName[which] });
const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });

async function pick(page: Page, which: 'a' | 'b', service: string) {
  await side(page, which).getByRole('combobox', { name: SIDE_TEXTS.serviceLabel[which] }).selectOption(service);
}

/** Opens a side's settings panel (closed at first) and returns it. */
async function openPanel(page: Page, which: 'a' | 'b', title: string) {
  const toggle = side(page, which).getByRole('button', { name: title });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return side(page, which).getByRole('region', { name: title });
}

async function setTemperature(page: Page, which: 'a' | 'b', title: string, value: number) {
  const panel = await openPanel(page, which, title);
  await panel.getByRole('checkbox', { name: 'Temperature' }).check();
  await panel.getByRole('slider', { name: 'Temperature' }).fill(String(value));
}

// A stack of its own in demo mode (the shared one is configured with keys, so it offers the spec's pair only).
const DEMO_PORT = STACK.port + 10;
const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
let demo: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: DEMO_URL });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  demo = spawn(process.execPath, ['--import', 'tsx', 'fixtures/start-demo-stack.ts', '--port', String(DEMO_PORT)], { cwd: `${import.meta.dirname}/..`, stdio: 'inherit' });
  await expect.poll(async () => (await fetch(`${DEMO_URL}/api/session`).catch(() => null))?.status ?? 0, { timeout: 50_000 }).toBe(200);
});

test.afterAll(() => {
  demo?.kill('SIGTERM');
});

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
});

test('Claude on the left against a declared OpenAI-compatible service on the right, both streamed', async ({ page }) => {
  await pick(page, 'a', 'claude');
  await pick(page, 'b', 'router');
  const claude = await openPanel(page, 'a', 'Claude Options');
  const model = await claude.getByRole('combobox', { name: 'Model' }).inputValue();
  expect(model).not.toBe('');
  await expect(claude.getByRole('textbox', { name: 'System prompt' })).toBeVisible();
  const router = await openPanel(page, 'b', 'Model Router Options');
  const routerModel = await router.getByRole('combobox', { name: 'Model' }).inputValue();

  const left = `Claude${SIDE_TEXTS.titleSeparator}${model}`;
  const right = `Model Router${SIDE_TEXTS.titleSeparator}${routerModel}`;
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Hello [[anthropic:tps=40,text=Claude writes here.]] [[compat/router:tps=40,text=The router answers.]]');
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  // Both write as they stream, each box named by its service and model.
  await expect(box(page, left)).toContainText('Claude writes here.');
  await expect(box(page, right)).toContainText('The router answers.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Verdict' })).toContainText('Claude');
  // The request was the general pair: a free prompt was counted.
  await expect(page.getByText(`${FREE_PROMPTS - 1} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
});

test('the same model on both sides with different temperatures: the titles differ', async ({ page }) => {
  await pick(page, 'a', 'router');
  await pick(page, 'b', 'router');
  await setTemperature(page, 'a', 'Model Router Options', 0.2);
  await setTemperature(page, 'b', 'Model Router Options', 1);
  const model = await (await openPanel(page, 'a', 'Model Router Options')).getByRole('combobox', { name: 'Model' }).inputValue();
  await expect((await openPanel(page, 'b', 'Model Router Options')).getByRole('combobox', { name: 'Model' })).toHaveValue(model);

  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Twice [[compat/router:text=Same model, one answer.]]');
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  const base = `Model Router${SIDE_TEXTS.titleSeparator}${model}${SIDE_TEXTS.titleSeparator}`;
  await expect(box(page, `${base}temperature 0.2`)).toContainText('Same model, one answer.');
  await expect(box(page, `${base}temperature 1`)).toContainText('Same model, one answer.');
});

test('blind mode with any pair: unnamed until the vote, then each answer named by its service and model', async ({ page }) => {
  await pick(page, 'a', 'claude');
  await pick(page, 'b', 'local');
  const claudeModel = await (await openPanel(page, 'a', 'Claude Options')).getByRole('combobox', { name: 'Model' }).inputValue();
  const localModel = await (await openPanel(page, 'b', 'Local Models Options')).getByRole('combobox', { name: 'Model' }).inputValue();
  await page.getByLabel(BLIND_TEXTS.toggle, { exact: true }).check();
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Blind [[anthropic:text=One answer.]] [[compat/local:text=Another answer.]]');
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('One answer.');
  await expect(results).not.toContainText('Claude');
  await page.getByRole('button', { name: 'Tie' }).click();
  const names = [`Claude${SIDE_TEXTS.titleSeparator}${claudeModel}`, `Local Models${SIDE_TEXTS.titleSeparator}${localModel}`];
  for (const name of names) await expect(results.getByRole('region', { name: new RegExp(`: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} answer$`) })).toBeVisible();
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('Claude against a declared service, judged blind five times: shared, downloaded, and the scoreboard ranks the two models', async ({ page }) => {
  // A long flow (25 s alone): the default 30 s ran out when the suite's two workers loaded the machine.
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await pick(page, 'a', 'claude');
  await pick(page, 'b', 'router');
  const [claudePanel, routerPanel] = [await openPanel(page, 'a', 'Claude Options'), await openPanel(page, 'b', 'Model Router Options')];
  const claudeModel = await claudePanel.getByRole('combobox', { name: 'Model' }).inputValue();
  const routerModel = await routerPanel.getByRole('combobox', { name: 'Model' }).inputValue();
  for (const panel of [claudePanel, routerPanel]) await panel.getByRole('checkbox', { name: 'Log output' }).check();
  const claude = `Claude${SIDE_TEXTS.titleSeparator}${claudeModel}`;
  const router = `Model Router${SIDE_TEXTS.titleSeparator}${routerModel}`;
  await page.getByLabel(BLIND_TEXTS.toggle, { exact: true }).check();

  // Blind, once per free prompt: Claude's answer wins each vote, whichever letter it was given.
  for (let round = 0; round < FREE_PROMPTS; round++) {
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`Blind ${round} [[anthropic:tps=40,text=Claude, round ${round}.]] [[compat/router:tps=40,text=Router, round ${round}.]]`);
    await page.getByRole('button', { name: 'Submit Prompt' }).click();
    const answerA = page.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer` });
    await expect(answerA).toContainText(`round ${round}.`);
    await expect(page.getByRole('region', { name: `${BLIND_TEXTS.answerB} answer` })).toContainText(`round ${round}.`);
    const claudeIsA = (await answerA.innerText()).includes('Claude,');
    await page.getByRole('button', { name: claudeIsA ? 'A is better' : 'B is better' }).click();
    await expect(page.getByRole('region', { name: new RegExp(`: ${escaped(claude)} answer$`) })).toContainText(`Claude, round ${round}.`);
    await expect(page.getByRole('region', { name: new RegExp(`: ${escaped(router)} answer$`) })).toContainText(`Router, round ${round}.`);
    if (round > 0) continue;

    // Shared: someone else's page names each side by its service and model.
    page.once('dialog', (dialog) => void dialog.accept());
    // The browser keeps its clipboard from test to test: an earlier test's link must not pass for this one.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/chatid\/[A-Za-z0-9_-]{22}$/);
    const stranger = await page.context().browser()!.newContext();
    const shared = await stranger.newPage();
    await shared.goto(await page.evaluate(() => navigator.clipboard.readText()));
    await expect(box(shared, claude)).toContainText('Claude, round 0.');
    await expect(box(shared, router)).toContainText('Router, round 0.');
    await stranger.close();

    // Downloaded: both formats name each side's service and model.
    const json = (await (await page.request.get('/log-details/download?format=json')).json()) as { sides?: unknown; vote?: { answerA?: unknown } }[];
    expect(json[0]?.sides).toMatchObject({ a: { service: 'claude', model: claudeModel }, b: { service: 'router', model: routerModel } });
    // The side shown as Answer A, named as a side (Claude's is a), never as a spec service.
    expect(json[0]?.vote?.answerA).toBe(claudeIsA ? 'a' : 'b');
    const csv = (await (await page.request.get('/log-details/download?format=csv')).text()).replace(/^\ufeff/, '');
    const [header, latest] = csv.split('\r\n');
    expect(header).toMatch(/side_a_service,side_a_model,side_b_service,side_b_model,conversation_id,turn,turn_choice$/);
    // A blind comparison starts a blind conversation: this is its first turn, with no choice.
    expect(latest).toMatch(new RegExp(`claude,${escaped(claudeModel)},router,${escaped(routerModel)},[0-9a-f-]{36},1,$`));
    const shownA = claudeIsA ? `side a \\(claude · ${escaped(claudeModel)}\\)` : `side b \\(router · ${escaped(routerModel)}\\)`;
    // Claude's answer names Claude, so the vote is possibly unblinded.
    expect(latest).toMatch(new RegExp(`,${shownA},${claudeIsA ? 'a' : 'b'},yes,`));
  }

  // The scoreboard counts per model across pairs and, with five votes each, rates and ranks them.
  await page.getByRole('button', { name: BLIND_TEXTS.scoreboard }).click();
  const board = page.getByRole('region', { name: BLIND_TEXTS.scoreboard });
  const perModel = board.getByRole('table').filter({ hasText: BLIND_TEXTS.perModel }).first();
  const rows = perModel.getByRole('row');
  await expect(rows).toHaveCount(3);
  // Rank, rating, votes, wins, losses, ties, both bad; the model is the row's header.
  const row = async (index: number) => ({ model: await rows.nth(index).getByRole('rowheader').innerText(), cells: (await rows.nth(index).getByRole('cell').allInnerTexts()).map((text) => text.trim()) });
  const [claudeRow, routerRow] = [await row(1), await row(2)];
  expect(claudeRow.model).toBe(claude);
  expect(routerRow.model).toBe(router);
  expect([claudeRow.cells[0], ...claudeRow.cells.slice(2)]).toEqual(['1', String(FREE_PROMPTS), String(FREE_PROMPTS), '0', '0', '0']);
  expect([routerRow.cells[0], ...routerRow.cells.slice(2)]).toEqual(['2', String(FREE_PROMPTS), '0', String(FREE_PROMPTS), '0', '0']);
  expect(Number(claudeRow.cells[1])).toBeGreaterThan(1000);
  expect(Number(routerRow.cells[1])).toBeLessThan(1000);
});
