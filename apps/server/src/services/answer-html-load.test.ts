import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('react-dom/server');
  vi.resetModules();
});

it('loads the renderer again with the next answer after a load that failed', async () => {
  let failing = true;
  vi.doMock('react-dom/server', async (importOriginal) => {
    if (failing) throw new Error('renderer could not be read');
    return importOriginal();
  });
  vi.resetModules();
  const { createAnswerHtml } = await import('./answer-html.ts');
  const answers = createAnswerHtml();

  // vitest wraps the factory's error in its own; any failure to load is what this needs.
  await expect(answers.render('**bold**')).rejects.toThrow();
  failing = false;
  expect(await answers.render('**bold**')).toContain('<strong>bold</strong>');
});
