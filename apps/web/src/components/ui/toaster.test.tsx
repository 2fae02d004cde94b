import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.ts';
import { AppToaster } from './toaster.tsx';

// jsdom has no matchMedia; the toasts ask it whether the visitor prefers reduced motion.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
});

describe('the toast outlet', () => {
  it('is empty until the first toast, which it then shows as a status message', async () => {
    const { container } = render(<AppToaster />);
    expect(container).toBeEmptyDOMElement();
    toast.error('Something went wrong.', { duration: 5000 });
    expect(await screen.findByRole('status')).toHaveTextContent('Something went wrong.');
    toast.success('Saved.');
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });
});
