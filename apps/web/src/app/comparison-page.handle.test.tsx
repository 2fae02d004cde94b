import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { ComparisonPage, type ComparisonPageHandle } from './comparison-page.tsx';

describe('ComparisonPage handle', () => {
  it('setApiKeys fills the key fields from outside (the subscription dialog hook point)', async () => {
    mockFetch();
    const user = userEvent.setup();
    const ref = createRef<ComparisonPageHandle>();
    render(<ComparisonPage ref={ref} onUploadPromptList={vi.fn()} onDownloadOutput={vi.fn()} />);
    act(() => ref.current!.setApiKeys({ a: 'sk-from-dialog', b: 'AIza-from-dialog' }));

    await user.click(screen.getByRole('button', { name: 'ChatGPT Options' }));
    await user.click(screen.getByRole('button', { name: 'Bard Options' }));
    expect(within(screen.getByRole('region', { name: 'ChatGPT Options' })).getByLabelText('ChatGPT API key')).toHaveValue(
      'sk-from-dialog',
    );
    expect(within(screen.getByRole('region', { name: 'Bard Options' })).getByLabelText('Palm API key')).toHaveValue(
      'AIza-from-dialog',
    );
  });
});
