import { MESSAGES } from '@promptpair/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aResult } from '../../test/fetch-mock.ts';
import { ResultBox } from './result-box.tsx';

const box = () => screen.getByRole('region', { name: 'ChatGPT answer' });

describe('ResultBox', () => {
  it('starts with its title and the pending text', () => {
    render(<ResultBox service="chatGPT" result={null} />);
    expect(screen.getByRole('heading', { name: 'ChatGPT' })).toBeInTheDocument();
    expect(box()).toHaveTextContent(MESSAGES.pendingResult);
  });

  it('shows an error as a danger alert and nothing else', () => {
    render(<ResultBox service="chatGPT" result={aResult({ message: null, tokens: null, rawOutput: null, errorMsg: 'Key rejected.' })} />);
    const alert = within(box()).getByRole('alert');
    expect(alert).toHaveTextContent('Key rejected.');
    expect(alert).toHaveClass('alert-danger');
    expect(box()).not.toHaveTextContent('Elapsed time');
  });

  it('keeps the text of an answer that broke off part-way under its error', () => {
    render(<ResultBox service="chatGPT" result={aResult({ message: 'Half of it', tokens: null, rawOutput: null, errorMsg: 'ChatGPT broke off.' })} />);
    expect(within(box()).getByRole('alert')).toHaveTextContent('ChatGPT broke off.');
    expect(box()).toHaveTextContent('Half of it');
    expect(screen.getByRole('button', { name: 'Copy ChatGPT answer' })).toBeInTheDocument();
  });

  it('shows elapsed seconds, the message with its line breaks, the tokens and indented raw JSON', () => {
    const raw = { choices: [{ text: 'a' }] };
    const { container } = render(
      <ResultBox service="chatGPT" result={aResult({ message: 'first\nsecond', tokens: 42, rawOutput: raw, elapsedTime: 1.5 })} />,
    );
    const term = (name: string) => within(box()).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Elapsed time')).toHaveTextContent('1.50 seconds');
    expect(term('Tokens')).toHaveTextContent('42');
    const message = container.querySelector('.result-box__message')!;
    expect(message.textContent).toBe('first\nsecond');
    expect(message).toHaveClass('result-box__message');
    expect(container.querySelector('pre')!.textContent).toBe(JSON.stringify(raw, null, 2));
  });

  it('renders HTML in a message as literal text', () => {
    const { container } = render(
      <ResultBox service="chatGPT" result={aResult({ message: '<img src=x onerror="alert(1)"><b>bold</b>' })} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(box()).toHaveTextContent('<img src=x onerror="alert(1)"><b>bold</b>');
  });

  it('leaves out the parts the answer does not have', () => {
    const { container } = render(<ResultBox service="chatGPT" result={aResult({ message: null, tokens: null, rawOutput: null })} />);
    expect(box()).toHaveTextContent('Elapsed time');
    expect(within(box()).queryByText('Tokens', { selector: 'dt' })).toBeNull();
    expect(container.querySelector('.result-box__message')).toBeNull();
    expect(container.querySelector('pre')).toBeNull();
  });

  it('shows a waiting note while busy', () => {
    render(<ResultBox service="chatGPT" result={aResult()} busy />);
    expect(box()).toHaveTextContent('Waiting for ChatGPT');
    expect(screen.getByRole('heading', { name: 'ChatGPT' }).closest('section')).toHaveAttribute('aria-busy', 'true');
  });
});
