import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ComparisonPage } from '../comparison-page.tsx';

/** Renders the comparison page alone (no router needed) with handy finders. */
export function renderComparisonPage() {
  const onUploadPromptList = vi.fn();
  const onDownloadOutput = vi.fn();
  const user = userEvent.setup();
  const view = render(<ComparisonPage onUploadPromptList={onUploadPromptList} onDownloadOutput={onDownloadOutput} />);
  return {
    ...view,
    user,
    onUploadPromptList,
    onDownloadOutput,
    prompt: () => screen.getByRole('textbox', { name: 'Prompt' }),
    submitButton: () => screen.getByRole('button', { name: 'Submit Prompt' }),
    /** Opens a collapsed options panel and returns it. */
    openPanel: async (name: 'ChatGPT Options' | 'Bard Options') => {
      const toggle = screen.getByRole('button', { name });
      if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
      return screen.getByRole('region', { name });
    },
    box: (title: string) => screen.getByRole('region', { name: `${title} answer` }),
    within,
  };
}

/** A promise the test settles by hand, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
