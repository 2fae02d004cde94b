import { CONVERSATION_TEXTS, FREE_PROMPTS, MESSAGES, MY_DATA_MESSAGES, READING_TEXTS, RESULT_TITLES, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, optionsPanelSettled, seriousAxeViolations, test } from '../fixtures/test.ts';

// Every dialog and page, at a desktop and a phone width: axe, focus kept inside an open dialog,
// and focus back on the opener after Escape. Then: nothing moves when the answers arrive.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const box = (page: Page, title: string) => page.getByRole('region', { name: `${title} answer` });

async function openHome(page: Page) {
  await page.goto('/');
  // The session call sets the XSRF cookie; wait for it so the first POST carries the token.
  await expect(page.getByText(`${FREE_PROMPTS} of ${FREE_PROMPTS} free prompts left`)).toBeVisible();
}

async function openPanel(page: Page, name: 'ChatGPT Options' | 'Bard Options') {
  const toggle = page.getByRole('button', { name });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await optionsPanelSettled(page, name);
  return page.getByRole('region', { name });
}

/** Where focus is: in the dialog, on another element of the page, or nowhere (the browser's own UI). */
const focusPlace = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const active = document.activeElement;
    if (active && element.contains(active)) return 'dialog';
    return active === null || active === document.body ? 'nowhere' : 'page';
  });

/**
 * Tabs forwards and backwards past the dialog's ends. Focus may pass through the browser's own UI
 * (as with any page), but whatever on the page it lands on must be inside the dialog; the modal
 * pulls it back a tick after it strays, hence the poll.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => focusPlace(dialog)).toBe('dialog');
  const stops = await dialog.evaluate(
    (element) => element.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 3; i += 1) {
      await page.keyboard.press(key);
      await expect.poll(() => focusPlace(dialog), { message: `${key} #${i + 1} left the dialog` }).not.toBe('page');
    }
  }
}

/** axe on the open dialog, the focus trap, then Escape closes it and focus returns to the opener. */
async function checkDialog(page: Page, opener: Locator, name: string, before?: (dialog: Locator) => Promise<void>) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // axe reads colours as drawn: wait until the fade-in has finished.
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  if (before) await before(dialog);
  expect(await seriousAxeViolations(page), `axe in '${name}'`).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
}

interface DialogCase {
  name: string;
  /** Gets the page ready and returns the control that opens the dialog. */
  open: (page: Page) => Promise<Locator>;
  /** Runs with the dialog open, before axe: puts it in the state worth checking. */
  before?: (dialog: Locator) => Promise<void>;
  /** Runs after Escape closed the dialog. */
  after?: (page: Page) => Promise<void>;
}

const footerButton = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('button', { name });

const DIALOG_CASES: DialogCase[] = [
  { name: 'Edit Messages', open: async (page) => (await openPanel(page, 'Bard Options')).getByRole('button', { name: 'Edit Messages' }) },
  {
    name: 'How to get ChatGPT API key',
    open: async (page) => (await openPanel(page, 'ChatGPT Options')).getByRole('button', { name: 'How to get ChatGPT API key' }),
  },
  {
    name: 'How to get Palm API key',
    open: async (page) => (await openPanel(page, 'Bard Options')).getByRole('button', { name: 'How to get Palm API key' }),
  },
  {
    // The top_p warning: Temperature on, then Top P asks first.
    name: 'Warning',
    open: async (page) => {
      const chat = await openPanel(page, 'ChatGPT Options');
      await chat.getByRole('checkbox', { name: 'Temperature' }).check();
      return chat.getByRole('checkbox', { name: 'Top P' });
    },
    // Escape answers 'No': Top P stays off.
    after: async (page) => expect(page.getByRole('region', { name: 'ChatGPT Options' }).getByRole('checkbox', { name: 'Top P' })).not.toBeChecked(),
  },
  {
    // The subscription dialog with its error alert showing.
    name: 'Upload Prompt List',
    open: async (page) => page.getByRole('button', { name: 'Upload Prompt List' }),
    before: async (dialog) => {
      await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(SUBSCRIPTION_MESSAGES.termsRequired);
    },
  },
  {
    name: 'Contact Us',
    open: async (page) => footerButton(page, 'Contact Us'),
    before: async (dialog) => {
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.contact.invalidEmail);
    },
  },
  {
    // Your data, with the question before deleting everything showing.
    name: MY_DATA_MESSAGES.title,
    open: async (page) => footerButton(page, 'Your data'),
    before: async (dialog) => {
      await expect(dialog.getByRole('heading', { name: 'Comparisons (0)' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete all my data' }).click();
      await expect(dialog.getByText(MY_DATA_MESSAGES.deleteAllConfirm)).toBeVisible();
    },
  },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the page with both option panels open passes axe', async ({ page }) => {
      await openHome(page);
      await openPanel(page, 'ChatGPT Options');
      await openPanel(page, 'Bard Options');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    // One test per dialog (each tabs through it both ways), so they run in parallel and none is long.
    for (const { name, open, before, after } of DIALOG_CASES) {
      test(`the '${name}' dialog passes axe, keeps focus inside and gives it back`, async ({ page }) => {
        await openHome(page);
        await checkDialog(page, await open(page), name, before);
        await after?.(page);
      });
    }

    test('the shared, legal and not-found pages pass axe', async ({ page }) => {
      for (const path of ['/chatid/AAAAAAAAAAAAAAAAAAAAAA', '/privacy-policy', '/terms-and-conditions', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousAxeViolations(page), path).toEqual([]);
      }
    });

    test('nothing moves when the page loads or the answers arrive', async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: { value: number; at: number }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push({ value: entry.value, at: entry.startTime });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const shiftSince = (since: number) =>
        page.evaluate((from) => (window as unknown as { shifts: { value: number; at: number }[] }).shifts.filter((s) => s.at >= from).reduce((sum, s) => sum + s.value, 0), since);
      const now = () => page.evaluate(() => performance.now());

      await openHome(page);
      expect(await shiftSince(0), 'layout shift while loading').toBeLessThan(0.01);

      // With 'Log output' ticked, the answers also switch Download Output (and its hint) on.
      const chat = await openPanel(page, 'ChatGPT Options');
      await chat.getByRole('checkbox', { name: 'Log output' }).check();
      await page.getByRole('button', { name: 'ChatGPT Options' }).click(); // closed again
      await optionsPanelSettled(page, 'ChatGPT Options');
      // Closed, the panel's controls are out of sight and out of the tab order.
      await expect(chat.getByRole('checkbox', { name: 'Log output', includeHidden: true })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Download Output' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Download Output' })).toHaveAccessibleDescription(/^Available once a comparison has been logged/);

      // On a phone the answers are tabs: the shown box and the tab list are watched instead of two boxes.
      const phone = viewport.width < 768;
      const second = phone ? page.getByRole('tablist', { name: 'Answers' }) : box(page, RESULT_TITLES.palmAPI);
      // Page coordinates, so a scroll (the click brings Submit into view) is not taken for a shift.
      const rectsOf = (locators: Locator[]) =>
        Promise.all(
          locators.map((locator) =>
            locator.evaluate((element) => {
              const rect = element.getBoundingClientRect();
              return { top: rect.top + window.scrollY, left: rect.left, width: rect.width, height: rect.height };
            }),
          ),
        );
      const answers = () => rectsOf([box(page, RESULT_TITLES.chatGPT), second]);
      const footer = () => rectsOf([page.getByRole('contentinfo')]);
      const before = await answers();
      const footerBefore = await footer();
      await page.getByRole('textbox', { name: 'Prompt' }).fill('[[all:latency=800]] Two lines about the moon, please.');
      const sent = await now();
      await page.getByRole('button', { name: 'Submit Prompt' }).click();
      await expect(box(page, RESULT_TITLES.chatGPT)).toContainText(`Waiting for ${RESULT_TITLES.chatGPT}`);
      expect(await answers()).toEqual(before);
      // A wider screen keeps the reply box's room from the first paint; a phone from the moment it sends
      // (a move the visitor's own tap causes, with the footer out of sight: no layout shift).
      const footerSent = await footer();
      if (!phone) expect(footerSent).toEqual(footerBefore);
      // Read as the answers come: the answer mid-screen, with what is under it in sight.
      await box(page, RESULT_TITLES.chatGPT).evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await expect(box(page, RESULT_TITLES.chatGPT)).toContainText('Elapsed time');
      await expect(page.getByRole('region', { name: 'Verdict' })).toContainText('words');
      await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download Output' })).toBeEnabled();
      // Only the visible hint is read out.
      await expect(page.getByRole('button', { name: 'Download Output' })).toHaveAccessibleDescription('Opens your logged comparisons.');
      // The conversation's reply box comes into the room kept for it.
      await expect(page.getByRole('textbox', { name: CONVERSATION_TEXTS.replyLabel })).toBeVisible();
      expect(await answers()).toEqual(before);
      expect(await footer()).toEqual(footerSent);
      expect(await shiftSince(sent), 'layout shift while the answers arrive').toBeLessThan(0.01);
    });

    test('before a comparison, no room is kept empty under the page on a phone', async ({ page }) => {
      await openHome(page);
      const place = page.locator('.conversation-place');
      await expect(place.getByRole('heading', { name: READING_TEXTS.conversation })).toBeVisible();
      // The place is as tall as what it shows (its heading and one line) on a phone; on a wider screen
      // it keeps the reply box's room from the first paint.
      const room = await place.evaluate((element) => element.getBoundingClientRect().height - (element.firstElementChild as HTMLElement).getBoundingClientRect().height);
      if (viewport.width < 768) expect(room).toBeLessThan(1);
      else expect(room).toBeGreaterThan(100);
    });
  });
}
