import { SERVICE_KEY_TEXTS } from '@promptpair/contract';
import { subscribe } from '../fixtures/subscribe.ts';
import { expect, seriousAxeViolations, test } from '../fixtures/test.ts';

// A subscriber's key per service in 'Upload Prompt List': every offered service has a field, a saved
// key shows only its masked hint, and a new key replaces it after its service accepted it.

test('a subscriber replaces a service’s key in the dialog and sees only its masked hint', async ({ page }) => {
  await subscribe(page);
  await page.getByRole('button', { name: 'Upload Prompt List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Prompt List' });
  const section = dialog.getByRole('region', { name: SERVICE_KEY_TEXTS.heading });
  const chatgpt = section.getByRole('form', { name: 'ChatGPT' });
  await expect(chatgpt).toContainText(SERVICE_KEY_TEXTS.savedHint('sk-…0001'));
  await expect(section.getByRole('form', { name: 'Palm API' })).toContainText(SERVICE_KEY_TEXTS.savedHint('AIz…0002'));
  expect(await seriousAxeViolations(page)).toEqual([]);

  const replaced = 'sk-e2e-replaced-key-0009';
  await chatgpt.getByLabel(SERVICE_KEY_TEXTS.label('ChatGPT')).fill(replaced);
  await chatgpt.getByRole('button', { name: SERVICE_KEY_TEXTS.save }).click();
  await expect(chatgpt).toContainText(SERVICE_KEY_TEXTS.savedHint('sk-…0009'));
  await expect(chatgpt.getByLabel(SERVICE_KEY_TEXTS.label('ChatGPT'))).toHaveValue('');
  expect(await page.content()).not.toContain(replaced);

  // A key its service refuses is named under it, and the saved one stays.
  await chatgpt.getByLabel(SERVICE_KEY_TEXTS.label('ChatGPT')).fill('bad-e2e-key-0010');
  await chatgpt.getByRole('button', { name: SERVICE_KEY_TEXTS.save }).click();
  await expect(chatgpt.getByRole('alert')).toContainText('ChatGPT rejected the API key');
  await expect(chatgpt).toContainText(SERVICE_KEY_TEXTS.savedHint('sk-…0009'));
});
