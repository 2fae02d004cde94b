import { RETENTION } from '@promptpair/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage, TermsAndConditionsPage } from './legal-pages.tsx';

describe('legal pages', () => {
  it('the privacy policy names what is stored, the cookies, and how long', () => {
    render(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const fact of ['pp_vid', 'XSRF-TOKEN', 'chatgptKey', 'palmapiKey', 'AES-256-GCM', 'Share links', 'Log output', `${RETENTION.contactMessageDays} days`, 'Your data', 'delete everything', 'never holds an API key']) {
      expect(page).toContain(fact);
    }
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('the terms and conditions have their heading and point to the privacy policy', () => {
    render(<TermsAndConditionsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});
