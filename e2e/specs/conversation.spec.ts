import { spawn, type ChildProcess } from 'node:child_process';
import { CONVERSATION_MESSAGES, CONVERSATION_RECORD_TEXTS, CONVERSATION_TEXTS as T, READING_TEXTS, RESULT_TITLES, SIDE_TEXTS } from '@promptpair/contract';
import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from '../fixtures/test.ts';

// End to end in demo mode: a conversation of Claude (left) against a declared OpenAI-compatible
// service (right), both streamed from the simulator. Turns go to both sides, one answer is carried
// to both, one side is asked alone and regenerated, a turn is stopped midway, the turn limit
// refuses one, and every request the page sent is checked; then the spec's pair goes on too.

const FREE = 30;
const MAX_TURNS = 4;
// A stack of its own, on a free port (more free prompts, a low turn limit).
let demoUrl = '';
let demo: ChildProcess | undefined;

// Each test is a whole conversation of several streamed turns.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  demo = spawn(process.execPath, ['--import', 'tsx', 'fixtures/start-demo-stack.ts', '--port', '0'], {
    cwd: `${import.meta.dirname}/..`,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FREE_PROMPTS: String(FREE), CONVERSATION_MAX_TURNS: String(MAX_TURNS) },
  });
  demoUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    demo?.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /demo stack listening at (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    demo?.once('exit', (code) => reject(new Error(`The demo stack exited (${code}) before listening.`)));
  });
});

test.afterAll(() => {
  demo?.kill('SIGTERM');
});

const side = (page: Page, which: 'a' | 'b') => page.getByRole('group', { name: SIDE_TEXTS.sideName[which] });

async function modelOf(page: Page, which: 'a' | 'b', title: string) {
  const toggle = side(page, which).getByRole('button', { name: title });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return side(page, which).getByRole('region', { name: title }).getByRole('combobox', { name: 'Model' }).inputValue();
}

/** Claude against the declared router, and the titles their answers carry. */
async function pickPair(page: Page) {
  await side(page, 'a').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.a }).selectOption('claude');
  await side(page, 'b').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.b }).selectOption('router');
  return {
    claude: `Claude${SIDE_TEXTS.titleSeparator}${await modelOf(page, 'a', 'Claude Options')}`,
    router: `Model Router${SIDE_TEXTS.titleSeparator}${await modelOf(page, 'b', 'Model Router Options')}`,
  };
}

/** Every body the page POSTed to the comparison route, in order. */
function recordBodies(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/getChatData') bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const box = (page: Page, title: string, turn?: string) => page.getByRole('region', { name: turn ? `${title} answer, ${turn}` : `${title} answer`, exact: true });
/** A turn's section, named by its heading ("Turn 3", then ", sent to … only" when it was sent with a choice). */
const turnSection = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}\\s?(,|$)`) });
const reply = (page: Page) => page.getByRole('textbox', { name: T.replyLabel });
const scripted = (claude: string, router: string, tps = 40) => `[[anthropic:tps=${tps},text=${claude}]] [[compat/router:tps=${tps},text=${router}]]`;

async function firstTurn(page: Page, titles: { claude: string; router: string }, words: string) {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`${words} ${scripted('Claude, turn one.', 'Router, turn one.')}`);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  await expect(box(page, titles.claude)).toContainText('Claude, turn one.');
  await expect(box(page, titles.router)).toContainText('Router, turn one.');
  await expect(reply(page)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto(demoUrl);
  await expect(page.getByText(`${FREE} of ${FREE} free prompts left`)).toBeVisible();
});

test('three turns streamed on both sides with running totals, a turn stopped midway, the turn limit, and the requests sent', async ({ page }) => {
  const bodies = recordBodies(page);
  const titles = await pickPair(page);
  await firstTurn(page, titles, 'Name a colour.');
  const totals = page.getByRole('region', { name: T.totals });
  await expect(totals).toContainText(`${titles.claude}: 1 answer,`);

  // Turn 2 by Ctrl+Enter, turn 3 by the button: each streams into boxes of its own.
  await reply(page).fill(`Another? ${scripted('Claude, turn two.', 'Router, turn two.')}`);
  await reply(page).press('Control+Enter');
  await expect(box(page, titles.claude, T.turn(2))).toContainText('Claude, turn two.');
  await expect(box(page, titles.router, T.turn(2))).toContainText('Router, turn two.');
  await expect(page.getByText(T.status.complete(2))).toBeAttached();
  await expect(reply(page)).toHaveValue('');
  await reply(page).fill(`And a third? ${scripted('Claude, turn three.', 'Router, turn three.')}`);
  await page.getByRole('button', { name: T.send }).click();
  await expect(box(page, titles.router, T.turn(3))).toContainText('Router, turn three.');
  await expect(box(page, titles.claude, T.turn(3))).toContainText('Claude, turn three.');

  // Earlier turns stay readable above, each with its verdict, metrics and cost.
  await expect(box(page, titles.claude)).toContainText('Claude, turn one.');
  await expect(box(page, titles.router, T.turn(2))).toContainText('Elapsed time');
  await expect(page.getByRole('region', { name: `Verdict, ${T.turn(2)}` })).toContainText('Claude');
  // Three answers each so far, their tokens and cost added up; a free prompt per turn.
  for (const title of [titles.claude, titles.router]) await expect(totals).toContainText(new RegExp(`${escaped(title)}: 3 answers, [1-9][\\d,]* tokens, `));
  await expect(page.getByText(`${FREE - 3} of ${FREE} free prompts left`)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  // And at a phone's width, where each turn's answers are tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('tablist', { name: READING_TEXTS.answersTabs })).toHaveCount(3);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Turn 4, stopped midway: what arrived stays, marked stopped; the earlier turns are untouched.
  const long = 'word '.repeat(400).trim();
  await reply(page).fill(`Write at length. ${scripted(long, long, 4)}`);
  await page.getByRole('button', { name: T.send }).click();
  await expect(box(page, titles.claude, T.turn(4))).toContainText('word word');
  await page.getByRole('button', { name: T.stop }).click();
  await expect(page.getByText(T.status.stopped(4))).toBeAttached();
  await expect(box(page, titles.claude, T.turn(4))).toContainText('Stopped');
  await expect(box(page, titles.claude, T.turn(3))).toContainText('Claude, turn three.');

  // Shared as it stands: someone else reads all four turns, the stopped one as it was kept.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: T.share }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/chatid\/[A-Za-z0-9_-]{22}$/);
  const stranger = await page.context().browser()!.newContext();
  const shared = await stranger.newPage();
  await shared.goto(await page.evaluate(() => navigator.clipboard.readText()));
  await expect(shared.getByText(CONVERSATION_RECORD_TEXTS.sharedTurns(4))).toBeVisible();
  for (const text of ['Claude, turn one.', 'Router, turn two.', 'Claude, turn three.', 'word word']) await expect(shared.getByText(text, { exact: false }).first()).toBeVisible();
  await stranger.close();

  // Turn 5 passes the limit: the server's words beside the reply box, and the reply kept.
  await reply(page).fill('One more?');
  await page.getByRole('button', { name: T.send }).click();
  await expect(page.getByRole('form', { name: T.replyLabel }).getByRole('alert')).toHaveText(CONVERSATION_MESSAGES.tooManyTurns(MAX_TURNS));
  await expect(reply(page)).toHaveValue('One more?');
  await expect(turnSection(page, T.turn(5))).toHaveCount(0);

  // What was sent: the pair, then each follow-up naming the conversation and its message only.
  expect(bodies[0]).toMatchObject({ prompt: expect.stringContaining('Name a colour.'), sides: { a: { service: 'claude' }, b: { service: 'router' } } });
  const conversationId = bodies[1]?.conversationId;
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
  expect(bodies.slice(1)).toEqual([
    { conversationId, prompt: expect.stringMatching(/^Another\? /) },
    { conversationId, prompt: expect.stringMatching(/^And a third\? /) },
    { conversationId, prompt: expect.stringMatching(/^Write at length\. /) },
    { conversationId, prompt: 'One more?' },
  ]);

  // A new comparison from the prompt begins a new conversation.
  await firstTurn(page, titles, 'Start over.');
  await expect(turnSection(page, T.turn(2))).toHaveCount(0);
  await expect(totals).toContainText(`${titles.claude}: 1 answer,`);
  await reply(page).fill(`Again? ${scripted('Claude, new two.', 'Router, new two.')}`);
  await page.getByRole('button', { name: T.send }).click();
  await expect(box(page, titles.claude, T.turn(2))).toContainText('Claude, new two.');
  expect(bodies.at(-1)?.conversationId).not.toBe(conversationId);
});

test('one answer carried to both, one side asked alone, then regenerated: each turn says how it was sent', async ({ page }) => {
  const bodies = recordBodies(page);
  const titles = await pickPair(page);
  await firstTurn(page, titles, 'Pick a number.');

  await reply(page).fill(`Go on. ${scripted('Claude carries on.', 'Router carries on.')}`);
  await page.getByRole('button', { name: T.carry(titles.claude) }).click();
  await expect(box(page, titles.router, T.turn(2))).toContainText('Router carries on.');
  await expect(turnSection(page, T.turn(2))).toContainText(T.choiceMade.carry(titles.claude));

  await reply(page).fill(`Only you. ${scripted('Claude is not asked.', 'Router alone.')}`);
  await page.getByRole('button', { name: T.only(titles.router) }).click();
  await expect(box(page, titles.router, T.turn(3))).toContainText('Router alone.');
  await expect(turnSection(page, T.turn(3))).toContainText(T.notAsked(titles.claude));
  await expect(turnSection(page, T.turn(3))).toContainText(T.choiceMade.only(titles.router));

  // Regenerating asks the router its last message again: the same turn number, a try of its own.
  await page.getByRole('button', { name: T.regenerate(titles.router) }).click();
  const again = T.turn(3, 2);
  await expect(box(page, titles.router, again)).toContainText('Router alone.');
  await expect(turnSection(page, again)).toContainText(T.choiceMade.regenerate(titles.router));
  await expect(turnSection(page, again)).toContainText(T.notAsked(titles.claude));
  await expect(page.getByRole('region', { name: T.totals })).toContainText(`${titles.router}: 4 answers,`);
  await expect(page.getByRole('region', { name: T.totals })).toContainText(`${titles.claude}: 2 answers,`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const conversationId = bodies[1]?.conversationId;
  expect(bodies.slice(1)).toEqual([
    { conversationId, prompt: expect.stringMatching(/^Go on\. /), carry: 'a' },
    { conversationId, prompt: expect.stringMatching(/^Only you\. /), only: 'b' },
    { conversationId, regenerate: 'b' },
  ]);
});

test('the spec’s pair, as the page starts, goes on too: its follow-ups name the sides a and b', async ({ page }) => {
  const bodies = recordBodies(page);
  const [chatGPT, palm] = [RESULT_TITLES.chatGPT, RESULT_TITLES.palmAPI];
  const spec = (left: string, right: string) => `[[openai:tps=40,text=${left}]] [[google:tps=40,text=${right}]]`;
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`Name a fruit. ${spec('ChatGPT, turn one.', 'Palm, turn one.')}`);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  await expect(box(page, palm)).toContainText('Palm, turn one.');

  await reply(page).fill(`Another? ${spec('ChatGPT, turn two.', 'Palm, turn two.')}`);
  await reply(page).press('Control+Enter');
  await expect(box(page, chatGPT, T.turn(2))).toContainText('ChatGPT, turn two.');
  await expect(box(page, palm, T.turn(2))).toContainText('Palm, turn two.');

  await reply(page).fill(`Go on. ${spec('ChatGPT, turn three.', 'Palm, turn three.')}`);
  await page.getByRole('button', { name: `Continue with ${chatGPT}'s answer on both` }).click();
  await expect(box(page, palm, T.turn(3))).toContainText('Palm, turn three.');
  await expect(turnSection(page, T.turn(3))).toContainText(T.choiceMade.carry(chatGPT));
  await expect(page.getByRole('region', { name: T.totals })).toContainText(`${palm}: 3 answers,`);

  // The spec's body first, then follow-ups naming its conversation.
  expect(bodies[0]).toMatchObject({ prompt: expect.stringContaining('Name a fruit.'), chatGPT: expect.any(Object), bardAPI: expect.any(Object) });
  const conversationId = bodies[1]?.conversationId;
  expect(bodies.slice(1)).toEqual([
    { conversationId, prompt: expect.stringMatching(/^Another\? /) },
    { conversationId, prompt: expect.stringMatching(/^Go on\. /), carry: 'a' },
  ]);
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
