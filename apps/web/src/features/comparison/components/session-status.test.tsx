import { DEMO_MODE_META, MESSAGES } from '@promptpair/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aSession } from '../../../test/fetch-mock.ts';
import { DemoBanner } from './session-status.tsx';

function markPageAsDemo() {
  const meta = document.createElement('meta');
  meta.name = DEMO_MODE_META;
  meta.content = 'true';
  document.head.append(meta);
}

afterEach(() => document.head.querySelector(`meta[name="${DEMO_MODE_META}"]`)?.remove());

describe('DemoBanner', () => {
  it('shows from the first paint when the server marked the page as demo', () => {
    markPageAsDemo();
    render(<DemoBanner session={null} />);
    expect(screen.getByText(MESSAGES.demoBanner)).toBeInTheDocument();
  });

  it('shows nothing before the session on a page without the mark', () => {
    render(<DemoBanner session={null} />);
    expect(screen.queryByText(MESSAGES.demoBanner)).not.toBeInTheDocument();
  });

  it('follows the session once it is known', () => {
    markPageAsDemo();
    const { rerender } = render(<DemoBanner session={aSession({ demoMode: false })} />);
    expect(screen.queryByText(MESSAGES.demoBanner)).not.toBeInTheDocument();
    rerender(<DemoBanner session={aSession({ demoMode: true })} />);
    expect(screen.getByText(MESSAGES.demoBanner)).toBeInTheDocument();
  });
});
