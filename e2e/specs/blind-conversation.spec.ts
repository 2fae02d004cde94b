import { randomUUID } from 'node:crypto';
import { BLIND_CONVERSATION_TEXTS, BLIND_TEXTS, SIDE_TEXTS } from '@promptpair/contract';
import type { Page, Response } from '@playwright/test';
import { STACK } from '../fixtures/stack.ts';
import { expect, seriousAxeViolations, test } from '../fixtures/test.ts';

// A blind conversation in the browser: Palm API on the left against ChatGPT on the right (a pair
// other than the spec's, so it starts a conversation), three turns with nothing of the pairing in
// the results' DOM, their accessibility tree or any API answer before the vote, the same two
// services in the same hidden order every turn (checked against what the simulator was sent), and
// every turn named after the vote.

/** What would name a service, its maker or its model. */
const NAMES = /chatgpt|palm|gemini|google|openai|gpt-|bard|anthropic|claude/i;
/** In an API answer also the fields that tell the sides, their order or their metrics apart. */
const FIELDS = /"(?:sides|service|model|kind|tokens|elapsedTime|cost|rawOutput|answer_a|chatGPT|palmAPI|vote)"/;

const side = (page: Page, which: 'a' | 'b') => page.getByRole('group', { name: SIDE_TEXTS.sideName[which] });

interface RecordedCall {
  service: string;
  method: string;
  body: unknown;
}

async function recordedCalls(marker: string): Promise<RecordedCall[]> {
  const calls = (await (await fetch(`${STACK.fakeUrl}/__fake/requests`)).json()) as RecordedCall[];
  return calls.filter((call) => call.method === 'POST' && JSON.stringify(call.body).includes(marker));
}

/** The texts a service was sent as its history, directives left out. */
const openAiHistory = (body: unknown) => (body as { messages: { role: string; content: string }[] }).messages.map((m) => `${m.role}: ${m.content.replace(/\s*\[\[.*$/, '')}`);
const geminiHistory = (body: unknown) =>
  // Gemini joins consecutive user messages into one content's parts: its last part is the turn's.
  (body as { contents: { role: string; parts: { text: string }[] }[] }).contents.map((c) => `${c.role}: ${(c.parts.at(-1)?.text ?? '').replace(/\s*\[\[.*$/, '')}`);

test('a blind conversation of three turns keeps its pair and order hidden, and the vote names every turn', async ({ page }) => {
  const marker = randomUUID().slice(0, 8);
  await page.goto('/');
  await side(page, 'a').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.a }).selectOption('palm');
  await side(page, 'b').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.b }).selectOption('chatgpt');
  await page.getByLabel(BLIND_TEXTS.toggle, { exact: true }).check();

  // Every API answer from the first blind turn to the vote.
  const answers: Promise<string>[] = [];
  const listen = (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response.text().catch(() => ''));
  };
  page.on('response', listen);

  const say = (turn: number) => ({ left: `Left ${marker} turn ${turn}.`, right: `Right ${marker} turn ${turn}.` });
  const prompt = (turn: number) => `Question ${marker} ${turn}? [[google:text=${say(turn).left}]] [[openai:text=${say(turn).right}]]`;
  const results = page.getByRole('region', { name: 'Results' });
  const answerOf = (letter: 'A' | 'B', turn: number) => results.getByRole('region', { name: `${letter === 'A' ? BLIND_TEXTS.answerA : BLIND_TEXTS.answerB} answer, ${BLIND_CONVERSATION_TEXTS.turnHeading(turn)}` });

  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt(1));
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  const first = results.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer` });
  await expect(first).toContainText(marker);
  const leftIsA = (await first.innerText()).includes('Left');
  const expectTurn = async (turn: number) => {
    await expect(answerOf('A', turn)).toContainText(leftIsA ? say(turn).left : say(turn).right);
    await expect(answerOf('B', turn)).toContainText(leftIsA ? say(turn).right : say(turn).left);
  };

  const reply = page.getByRole('textbox', { name: BLIND_CONVERSATION_TEXTS.replyLabel });
  await reply.fill(prompt(2));
  await reply.press('Control+Enter');
  await expectTurn(1);
  await expectTurn(2);
  await expect(reply).toHaveValue('');
  await reply.fill(prompt(3));
  await page.getByRole('button', { name: BLIND_CONVERSATION_TEXTS.send }).click();
  await expectTurn(3);
  await expect(results.getByRole('region', { name: BLIND_CONVERSATION_TEXTS.turnHeading(3), exact: true })).toBeVisible();

  // Before the vote: nothing of the pairing in the results, their accessibility tree or any API answer.
  const scripted = (text: string) => [1, 2, 3].reduce((rest, turn) => rest.replaceAll(prompt(turn), '').replaceAll(say(turn).left, '').replaceAll(say(turn).right, ''), text);
  expect(scripted(await results.innerHTML())).not.toMatch(NAMES);
  expect(scripted(await results.ariaSnapshot())).not.toMatch(NAMES);
  // The whole page's tree holds the pickers (the visitor chose the pair), never a letter named after a service.
  expect(scripted(await page.locator('body').ariaSnapshot())).not.toMatch(/Answer [AB]:? (?:ChatGPT|Palm)/);
  const bodies = await Promise.all(answers);
  expect(bodies.filter((body) => body.includes(marker))).toHaveLength(3);
  for (const body of bodies) {
    expect(scripted(body)).not.toMatch(NAMES);
    expect(body).not.toMatch(FIELDS);
  }
  await expect(results.getByRole('button', { name: BLIND_TEXTS.choices.a })).toBeEnabled();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The same two services every turn, each sent its own answers as its history.
  const calls = await recordedCalls(marker);
  expect(calls.map((call) => call.service).sort()).toEqual(['gemini', 'gemini', 'gemini', 'openai', 'openai', 'openai']);
  const last = (service: string) => calls.filter((call) => call.service === service && JSON.stringify(call.body).includes(`Question ${marker} 3?`));
  // After the side's own opening messages (the page's defaults), the conversation's turns.
  expect(openAiHistory(last('openai')[0]!.body).slice(-5)).toEqual([
    `user: Question ${marker} 1?`, `assistant: ${say(1).right}`, `user: Question ${marker} 2?`, `assistant: ${say(2).right}`, `user: Question ${marker} 3?`,
  ]);
  expect(geminiHistory(last('gemini')[0]!.body).slice(-5)).toEqual([
    `user: Question ${marker} 1?`, `model: ${say(1).left}`, `user: Question ${marker} 2?`, `model: ${say(2).left}`, `user: Question ${marker} 3?`,
  ]);

  // The vote after the third turn names every turn's answers by service and model.
  page.off('response', listen);
  await results.getByRole('button', { name: BLIND_TEXTS.choices.a }).click();
  await expect(results.getByRole('status').filter({ hasText: `Your vote: ${BLIND_TEXTS.votedAs.a}. ${BLIND_CONVERSATION_TEXTS.votedOnTurn(3)}` })).toBeVisible();
  for (const turn of [1, 2, 3]) {
    const scope = `, ${BLIND_CONVERSATION_TEXTS.turnHeading(turn)}`;
    await expect(results.getByRole('region', { name: new RegExp(`: Palm API${SIDE_TEXTS.titleSeparator}.+ answer${scope}$`) })).toContainText(say(turn).left);
    await expect(results.getByRole('region', { name: new RegExp(`: ChatGPT${SIDE_TEXTS.titleSeparator}.+ answer${scope}$`) })).toContainText(say(turn).right);
  }
  await expect(page.getByRole('textbox', { name: BLIND_CONVERSATION_TEXTS.replyLabel })).toHaveCount(0);
});

test('a blind conversation ended without a vote reveals its turns and counts nothing', async ({ page }) => {
  const marker = randomUUID().slice(0, 8);
  await page.goto('/');
  await side(page, 'a').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.a }).selectOption('palm');
  await side(page, 'b').getByRole('combobox', { name: SIDE_TEXTS.serviceLabel.b }).selectOption('chatgpt');
  await page.getByLabel(BLIND_TEXTS.toggle, { exact: true }).check();
  const results = page.getByRole('region', { name: 'Results' });
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`First ${marker} [[google:text=Left ${marker} 1.]] [[openai:text=Right ${marker} 1.]]`);
  await page.getByRole('button', { name: 'Submit Prompt' }).click();
  await expect(results.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer` })).toContainText(marker);
  const reply = page.getByRole('textbox', { name: BLIND_CONVERSATION_TEXTS.replyLabel });
  await reply.fill(`Second ${marker} [[google:text=Left ${marker} 2.]] [[openai:text=Right ${marker} 2.]]`);
  await reply.press('Control+Enter');
  await expect(results.getByRole('region', { name: `${BLIND_TEXTS.answerA} answer, ${BLIND_CONVERSATION_TEXTS.turnHeading(2)}` })).toContainText(marker);

  await page.getByRole('button', { name: BLIND_CONVERSATION_TEXTS.endAndReveal }).click();
  await expect(results.getByRole('status').filter({ hasText: BLIND_CONVERSATION_TEXTS.endedWithoutVote })).toBeVisible();
  await expect(results.getByRole('region', { name: new RegExp(`: Palm API${SIDE_TEXTS.titleSeparator}.+ answer, ${BLIND_CONVERSATION_TEXTS.turnHeading(2)}$`) })).toContainText(`Left ${marker} 2.`);
  await expect(results.getByRole('button', { name: BLIND_TEXTS.choices.a })).toHaveCount(0);
  await page.getByRole('button', { name: BLIND_TEXTS.scoreboard }).click();
  await expect(page.getByRole('region', { name: BLIND_TEXTS.scoreboard })).toContainText(BLIND_TEXTS.scoreboardEmpty);
});
