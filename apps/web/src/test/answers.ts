import { expect } from 'vitest';

/** A Markdown answer as models write them: a heading, a list, a table and a fenced code block. */
export const MARKDOWN_ANSWER = [
  '## Sorting',
  '',
  '- **Quick**sort',
  '- Merge sort',
  '',
  '| Name | Cost |',
  '| --- | --- |',
  '| quick | n log n |',
  '',
  '```python',
  'def double(x):',
  '    return x * 2',
  '```',
].join('\n');

/** Model output that tries to run script three ways; none may work (docs/decisions.md, "Rendered answers"). */
export const HOSTILE_ANSWER = [
  'Look <img src=x onerror="window.__hostile = 1"> here.',
  '',
  '<script>window.__hostile = 2</script>',
  '',
  '[click me](javascript:window.__hostile=3) and <a href="javascript:alert(1)">raw link</a> and [fine](https://example.com/ok)',
].join('\n');

/** Asserts that a rendered HOSTILE_ANSWER inside `root` holds no element or address that could run. */
export function expectNothingRuns(root: HTMLElement) {
  expect(root.querySelector('img, script, iframe, object, embed')).toBeNull();
  expect(root.querySelector('[onerror], [onclick], [onload]')).toBeNull();
  for (const link of root.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').toMatch(/^(https?:|mailto:)/);
  expect((window as { __hostile?: unknown }).__hostile).toBeUndefined();
  // The raw HTML is shown as the text it is.
  expect(root.textContent).toContain('<img src=x onerror=');
}
