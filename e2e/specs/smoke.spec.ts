import { expect, test } from '../fixtures/test.ts';

test('the server serves the page and deep links', async ({ page }) => {
  for (const path of ['/', '/privacy-policy', '/terms-and-conditions', '/chatid/unknown-hash-000000000000']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/PromptPair/);
  }
});

test('every page names its icon, and none logs a failed request', async ({ page }) => {
  // The browser's own request for an icon (once per visit, after the page loaded) shows only as a console error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  for (const path of ['/', '/privacy-policy', '/terms-and-conditions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/favicon.svg');
    const served = await page.request.get(icon!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  }
  expect(errors).toEqual([]);
});
