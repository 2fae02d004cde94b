import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LOGGED_STORAGE_KEY } from '../features/comparison/hooks/use-download-output.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { AppRoutes } from './routes.tsx';

function renderAt(path: string) {
  mockFetch();
  const user = userEvent.setup();
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <AppRoutes />
    </Router>,
  );
  return { user };
}

describe('app shell', () => {
  it('shows the comparison page at / with the footer of docs/product.md §2', async () => {
    renderAt(PAGE_ROUTES.home);
    expect(screen.getByRole('heading', { level: 1, name: 'PromptPair' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('button', { name: 'Contact Us' })).toBeInTheDocument();
    for (const [name, href] of [
      [/Privacy Policy/, PAGE_ROUTES.privacyPolicy],
      [/Terms and Conditions/, PAGE_ROUTES.termsAndConditions],
    ] as const) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
    await screen.findByText(/free prompts left/);
  });

  it.each([
    ['Contact Us', 'Contact Us'],
    ['Upload Prompt List', 'Upload Prompt List'],
    ['Download Output', 'Log Details'],
  ])("'%s' opens the '%s' dialog, which Escape closes and returns focus from", async (button, title) => {
    window.localStorage.setItem(LOGGED_STORAGE_KEY, 'true');
    const { user } = renderAt(PAGE_ROUTES.home);
    const opener = screen.getByRole('button', { name: button });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('the Upload Prompt List placeholder carries the subscription text', async () => {
    const { user } = renderAt(PAGE_ROUTES.home);
    await user.click(screen.getByRole('button', { name: 'Upload Prompt List' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Prompt List' })).toHaveTextContent(SUBSCRIPTION_MESSAGES.intro);
  });

  it.each([
    [PAGE_ROUTES.privacyPolicy, 'Privacy Policy'],
    [PAGE_ROUTES.termsAndConditions, 'Terms and Conditions'],
    ['/chatid/abcdefghijklmnopqrstuv', 'Shared comparison'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows "%s"', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
