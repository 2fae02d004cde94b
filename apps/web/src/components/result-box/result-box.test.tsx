import { MESSAGES } from '@promptpair/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aResult } from '../../test/fetch-mock.ts';
import { ResultBox } from './result-box.tsx';

const box = () => screen.getByRole('region', { name: 'ChatGPT answer' });

describe('ResultBox', () => {
  it('starts with its title and the pending text', () => {
    render(<ResultBox side="a" result={null} />);
    expect(screen.getByRole('heading', { name: 'ChatGPT' })).toBeInTheDocument();
    expect(box()).toHaveTextContent(MESSAGES.pendingResult);
  });

  it('shows an error as a danger alert and nothing else', () => {
    render(<ResultBox side="a" result={aResult({ message: null, tokens: null, rawOutput: null, errorMsg: 'Key rejected.' })} />);
    const alert = within(box()).getByRole('alert');
    expect(alert).toHaveTextContent('Key rejected.');
    expect(alert).toHaveClass('alert-danger');
    expect(box()).not.toHaveTextContent('Elapsed time');
  });

  it('keeps the text of an answer that broke off part-way under its error', () => {
    render(<ResultBox side="a" result={aResult({ message: 'Half of it', tokens: null, rawOutput: null, errorMsg: 'ChatGPT broke off.' })} />);
    expect(within(box()).getByRole('alert')).toHaveTextContent('ChatGPT broke off.');
    expect(box()).toHaveTextContent('Half of it');
    expect(screen.getByRole('button', { name: 'Copy ChatGPT answer' })).toBeInTheDocument();
  });

  it('shows elapsed seconds, the message with its line breaks, the tokens and indented raw JSON', () => {
    const raw = { choices: [{ text: 'a' }] };
    const { container } = render(
      <ResultBox side="a" result={aResult({ message: 'first\nsecond', tokens: 42, rawOutput: raw, elapsedTime: 1.5 })} />,
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
      <ResultBox side="a" result={aResult({ message: '<img src=x onerror="alert(1)"><b>bold</b>' })} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(box()).toHaveTextContent('<img src=x onerror="alert(1)"><b>bold</b>');
  });

  it('leaves out the parts the answer does not have', () => {
    const { container } = render(<ResultBox side="a" result={aResult({ message: null, tokens: null, rawOutput: null })} />);
    expect(box()).toHaveTextContent('Elapsed time');
    expect(within(box()).queryByText('Tokens', { selector: 'dt' })).toBeNull();
    expect(container.querySelector('.result-box__message')).toBeNull();
    expect(container.querySelector('pre')).toBeNull();
  });

  it('names a side of a general pair by service and model in its title, waiting note, stopped note and copy button', () => {
    const name = 'Claude · claude-haiku-5-5';
    const { rerender } = render(<ResultBox side="a" result={null} busy sideName={name} />);
    expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByText(`Waiting for ${name}…`)).toBeInTheDocument();
    rerender(<ResultBox side="a" result={aResult({ message: 'Half', stopped: true })} sideName={name} />);
    expect(screen.getByText(`Stopped before ${name} finished: the text above is what had arrived.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Copy ${name} answer` })).toBeInTheDocument();
    expect(screen.queryByText(/ChatGPT/)).not.toBeInTheDocument();
  });

  it('shows a waiting note while busy', () => {
    render(<ResultBox side="a" result={aResult()} busy />);
    expect(box()).toHaveTextContent('Waiting for ChatGPT');
    expect(screen.getByRole('heading', { name: 'ChatGPT' }).closest('section')).toHaveAttribute('aria-busy', 'true');
  });

  describe('while an answer is written', () => {
    /** jsdom lays nothing out: give the box a 200 px window on `text.height` px of text, scrolled as a browser clamps it. */
    function withGeometry(element: HTMLElement, text = { height: 1000 }) {
      let top = 0;
      Object.defineProperties(element, {
        clientHeight: { configurable: true, value: 200 },
        scrollHeight: { configurable: true, get: () => text.height },
        scrollTop: { configurable: true, get: () => top, set: (value: number) => (top = Math.max(0, Math.min(value, text.height - 200))) },
      });
      return element;
    }

    /** A box being written, with its geometry, after its second piece; `write` lands the next one. */
    function writing(text = { height: 1000 }) {
      let written = 'a';
      const { rerender, unmount } = render(<ResultBox side="a" result={null} liveText={written} />);
      const body = withGeometry(box(), text);
      const write = (next = `${written}.`) => rerender(<ResultBox side="a" result={null} liveText={(written = next)} />);
      write();
      return { body, write, unmount };
    }

    it('follows the newest text', () => {
      expect(writing().body.scrollTop).toBe(800);
    });

    it('leaves a visitor who scrolled up where they are, even before the scroll event', () => {
      const { body, write } = writing();
      body.scrollTop = 120; // the browser fires the scroll event a frame later; the next piece lands first
      write();
      expect(body.scrollTop).toBe(120);
      fireEvent.scroll(body);
      write();
      expect(body.scrollTop).toBe(120);
    });

    it('stops following at a wheel turn or key up, before the box has moved', () => {
      for (const move of [(body: HTMLElement) => fireEvent.wheel(body, { deltaY: -100 }), (body: HTMLElement) => fireEvent.keyDown(body, { key: 'PageUp' })]) {
        const { body, write, unmount } = writing();
        move(body);
        body.scrollTop = 790; // a smooth scroll's first frame
        fireEvent.scroll(body);
        write();
        expect(body.scrollTop).toBe(790);
        unmount();
      }
    });

    it('keeps following after a wheel turn or key up in a box that cannot go up', () => {
      for (const move of [(body: HTMLElement) => fireEvent.wheel(body, { deltaY: -100 }), (body: HTMLElement) => fireEvent.keyDown(body, { key: 'PageUp' })]) {
        const text = { height: 150 }; // the text still fits: the page scrolls, not the box
        const { body, write, unmount } = writing(text);
        move(body);
        text.height = 1000;
        write();
        expect(body.scrollTop).toBe(800);
        unmount();
      }
    });

    it('follows again once the visitor scrolls back to the end', () => {
      const text = { height: 1000 };
      const { body, write } = writing(text);
      body.scrollTop = 0;
      fireEvent.scroll(body);
      text.height = 1100;
      write();
      expect(body.scrollTop).toBe(0);
      body.scrollTop = 900;
      fireEvent.scroll(body);
      text.height = 1200;
      write();
      expect(body.scrollTop).toBe(1000);
    });

    it('follows a new, shorter answer from its start', () => {
      const text = { height: 1000 };
      const { body, write } = writing(text);
      text.height = 500;
      body.scrollTop = 300; // the browser moves the box up to the new end
      fireEvent.scroll(body);
      text.height = 600;
      write('new');
      expect(body.scrollTop).toBe(400);
    });
  });
});
