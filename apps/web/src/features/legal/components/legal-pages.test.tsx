import { RETENTION } from '@promptpair/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSession, mockFetch } from '../../../test/fetch-mock.ts';
import { PrivacyPolicyPage, TermsAndConditionsPage } from './legal-pages.tsx';
import { privacyFreePrompts, termsFreePrompts } from '../logic/free-prompts-text.ts';

/** The session of an installation whose operator set FREE_PROMPTS to `freePrompts`. */
const operatorSets = (freePrompts: number) =>
  mockFetch({ 'GET /api/session': () => Response.json(aSession({ freePrompts, freePromptsLeft: freePrompts })) });

describe('legal pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the privacy policy names what is stored, the cookies, and how long', () => {
    mockFetch();
    render(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const fact of ['pp_vid', 'XSRF-TOKEN', 'chatgptKey', 'palmapiKey', 'AES-256-GCM', 'Share links', 'Log output', `${RETENTION.contactMessageDays} days`, 'Your data', 'delete everything', 'never holds an API key']) {
      expect(page).toContain(fact);
    }
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('the terms and conditions have their heading and point to the privacy policy', () => {
    mockFetch();
    render(<TermsAndConditionsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it("both pages state the operator's FREE_PROMPTS as the server reports it, not the default of 5", async () => {
    operatorSets(12);
    const terms = render(<TermsAndConditionsPage />);
    expect(await screen.findByText(/The first 12 prompts run on our API keys\. After that you need your own keys\./)).toBeInTheDocument();
    terms.unmount();
    operatorSets(3);
    render(<PrivacyPolicyPage />);
    expect(await screen.findByText(/The first 3 prompts use our API keys; after that, yours\./)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('The first 5 prompts');
  });

  it('states no number while the session has not answered, or cannot', async () => {
    const { requests } = mockFetch({ 'GET /api/session': () => Response.json({ message: 'Storage is unavailable.' }, { status: 503 }) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<TermsAndConditionsPage />);
    expect(screen.getByText(/The first few prompts run on our API keys\./)).toBeInTheDocument();
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(requests.map((r) => r.path)).toEqual(['/api/session']);
    expect(screen.getByText(/The first few prompts run on our API keys\./)).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('the free-prompt sentences', () => {
  it('agree with the count, including one and none', () => {
    expect(termsFreePrompts(5)).toBe('The first 5 prompts run on our API keys. After that you need your own keys.');
    expect(termsFreePrompts(1)).toBe('The first prompt runs on our API keys. After that you need your own keys.');
    expect(termsFreePrompts(0)).toBe('Every prompt runs on your own API keys.');
    expect(privacyFreePrompts(20)).toBe('The first 20 prompts use our API keys; after that, yours.');
    expect(privacyFreePrompts(1)).toBe('The first prompt uses our API keys; after that, yours.');
    expect(privacyFreePrompts(0)).toBe('Every prompt uses your own API keys.');
    expect(privacyFreePrompts(null)).toBe('The first few prompts use our API keys; after that, yours.');
  });
});
