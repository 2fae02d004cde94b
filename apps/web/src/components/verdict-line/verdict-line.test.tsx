import { pairNames } from '@promptpair/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerdictLine } from './verdict-line.tsx';

const side = (label: string, elapsedTime: number, cost: number | null) => ({ label, message: 'Blue and green.', errorMsg: null, elapsedTime, timeToFirstToken: null, cost });

describe('VerdictLine', () => {
  it('names the spec’s pair by the sides’ labels', () => {
    render(<VerdictLine a={side('ChatGPT', 1, 0.002)} b={side('Palm API', 2, null)} />);
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent('ChatGPT finished first (1.00 s against 2.00 s for Palm API).');
    expect(verdict).toHaveTextContent('Cost cannot be compared: price unknown for Palm API.');
  });

  it('names a general pair’s sides by service and model in every sentence, cost included', () => {
    const names = pairNames({ a: { service: 'claude', name: 'Claude', model: 'claude-haiku-5-5' }, b: { service: 'local', name: 'Local Models', model: 'llama3.3:70b' } });
    render(<VerdictLine a={side('ChatGPT', 2, 0.001)} b={side('Palm API', 1, 0.003)} names={names} />);
    const verdict = screen.getByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent('Local Models · llama3.3:70b finished first (1.00 s against 2.00 s for Claude · claude-haiku-5-5).');
    expect(verdict).toHaveTextContent('Claude · claude-haiku-5-5 cost less');
    expect(verdict).toHaveTextContent('Claude · claude-haiku-5-5: 3 words; Local Models · llama3.3:70b: 3 words.');
    expect(verdict).not.toHaveTextContent(/ChatGPT|Palm API/);
  });
});
