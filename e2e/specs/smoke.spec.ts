import { expect, test } from '../fixtures/test.ts';

test('the server serves the page and deep links', async ({ page }) => {
  for (const path of ['/', '/privacy-policy', '/terms-and-conditions', '/chatid/unknown-hash-000000000000']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/PromptPair/);
  }
});
