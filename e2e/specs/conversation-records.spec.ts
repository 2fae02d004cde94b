import { API_ROUTES, CONVERSATION_RECORD_TEXTS, COOKIE_NAMES, FREE_PROMPTS, MARKDOWN_ACTION_TEXTS, MESSAGES, MY_DATA_MESSAGES, XSRF_HEADER } from '@promptpair/contract';
import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from '../fixtures/test.ts';

// The records of a conversation, end to end: three turns made through the API from the page (its
// cookie and XSRF token), then its shared page (every turn, read-only, dark from the first frame,
// nothing of the key), its one entry in Log Details, and its deletion, whole, from Your data.

const VISITOR_KEY = 'sk-e2e-visitor-conversation-5521';
const PROMPTS = ['Name a mountain.', 'And a lake near it?', 'Which one is older?'];

interface Turn {
  logId: string;
  conversationId: string;
  turn: number;
}

/** POST from the page itself, as the page's own client would: its cookies, the XSRF token echoed. */
function post<T>(page: Page, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body, cookie, header }) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`))?.slice(cookie.length + 1) ?? '');
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', [header]: token }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as T };
    },
    { path, body, cookie: COOKIE_NAMES.xsrf, header: XSRF_HEADER },
  );
}

test('a three-turn conversation is shared whole, listed once in Log Details and deleted whole', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();

  // Palm API on the left and ChatGPT (on the visitor's own key) on the right: not the spec's pair.
  const first = await post<Turn>(page, API_ROUTES.getChatData, {
    prompt: PROMPTS[0],
    sides: { a: { service: 'palm', logOutput: true }, b: { service: 'chatgpt', apiKey: VISITOR_KEY, logOutput: true } },
  });
  expect(first.status).toBe(200);
  expect(first.body.turn).toBe(1);
  for (const [index, prompt] of PROMPTS.slice(1).entries()) {
    const next = await post<Turn>(page, API_ROUTES.getChatData, { conversationId: first.body.conversationId, prompt, apiKeys: { b: VISITOR_KEY } });
    expect(next.status).toBe(200);
    expect(next.body.turn).toBe(index + 2);
  }

  // Sharing the first turn shares the conversation as it now stands.
  const shared = await post<{ url: string }>(page, API_ROUTES.shareLink, { logId: first.body.logId });
  expect(shared.status).toBe(200);
  const link = shared.body.url;

  // Another visitor, in dark mode, reads every turn in order.
  const strangerContext = await browser.newContext({ colorScheme: 'dark', permissions: ['clipboard-read', 'clipboard-write'] });
  const stranger = await strangerContext.newPage();
  const served = await stranger.goto(link);
  expect(await served!.text()).not.toContain(VISITOR_KEY);
  await expect(stranger.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(stranger.getByText(CONVERSATION_RECORD_TEXTS.sharedTurns(3))).toBeVisible();
  await expect(stranger.getByRole('heading', { level: 2, name: /^Turn \d$/ })).toHaveText(['Turn 1', 'Turn 2', 'Turn 3']);
  for (const prompt of PROMPTS) await expect(stranger.getByText(prompt, { exact: true })).toBeVisible();
  await expect(stranger.getByRole('region', { name: /^Palm API · .+ answer$/ })).toHaveCount(3);
  await expect(stranger.getByRole('region', { name: /^ChatGPT · .+ answer$/ })).toHaveCount(3);
  await expect(stranger.getByRole('textbox')).toHaveCount(0);
  expect(await stranger.content()).not.toContain(VISITOR_KEY);
  expect(await seriousAxeViolations(stranger)).toEqual([]);
  // Its Markdown copy holds every turn, in order, and no key.
  await stranger.evaluate(() => navigator.clipboard.writeText(''));
  await stranger.getByRole('button', { name: MARKDOWN_ACTION_TEXTS.copy }).click();
  await expect.poll(() => stranger.evaluate(() => navigator.clipboard.readText())).toContain('## Turn 3');
  const markdown = await stranger.evaluate(() => navigator.clipboard.readText());
  expect([...markdown.matchAll(/^## (Turn \d)$/gm)].map((m) => m[1])).toEqual(['Turn 1', 'Turn 2', 'Turn 3']);
  expect(markdown).not.toContain(VISITOR_KEY);

  // Log Details: one entry for the conversation, its turns in order. The turns were sent past the
  // page's form, so the page learns of a logged comparison as on a later visit: from its storage.
  await page.evaluate(() => localStorage.setItem('promptpair.hasLoggedComparison', 'true'));
  await page.reload();
  await page.getByRole('button', { name: 'Download Output' }).click();
  const logs = page.getByRole('dialog', { name: 'Log Details' });
  const entry = logs.getByRole('rowgroup', { name: CONVERSATION_RECORD_TEXTS.logConversation(3) });
  await expect(entry).toBeVisible();
  const turnRows = entry.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(turnRows).toHaveCount(3);
  for (const [index, prompt] of PROMPTS.entries()) await expect(turnRows.nth(index)).toContainText(`${CONVERSATION_RECORD_TEXTS.turn(index + 1)}${prompt}`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await logs.getByRole('button', { name: 'Close' }).first().click();

  // Your data: listed once, deleted whole after the confirmation.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Your data' }).click();
  const yourData = page.getByRole('dialog', { name: MY_DATA_MESSAGES.title });
  await expect(yourData.getByRole('heading', { name: 'Conversations (1)' })).toBeVisible();
  await expect(yourData.getByText(PROMPTS[0]!)).toBeVisible();
  await expect(yourData.getByText(CONVERSATION_RECORD_TEXTS.turnsCount(3), { exact: false })).toBeVisible();
  await yourData.getByRole('button', { name: /^Delete the conversation of/ }).click();
  await expect(yourData.getByText(MY_DATA_MESSAGES.deleteConversationConfirm(3))).toBeVisible();
  await yourData.getByRole('button', { name: 'Yes, delete the conversation' }).click();
  await expect(yourData.getByRole('status')).toHaveText(MY_DATA_MESSAGES.deletedConversation);
  await expect(yourData.getByRole('heading', { name: 'Conversations (0)' })).toBeVisible();
  await expect(yourData.getByRole('heading', { name: 'Comparisons (0)' })).toBeVisible();

  // The link now finds nothing.
  await stranger.goto(link);
  await expect(stranger.getByText(MESSAGES.sharedNotFound)).toBeVisible();
  await strangerContext.close();
  await context.close();
});
