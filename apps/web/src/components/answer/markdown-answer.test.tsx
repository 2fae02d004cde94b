import { MESSAGES } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNothingRuns, HOSTILE_ANSWER, MARKDOWN_ANSWER } from '../../test/answers.ts';
import { MarkdownAnswer } from './markdown-answer.tsx';

describe('MarkdownAnswer', () => {
  it('renders GitHub-flavoured Markdown: heading, list, table and highlighted code', async () => {
    const { container } = render(<MarkdownAnswer text={MARKDOWN_ANSWER} />);
    expect(screen.getByRole('heading', { name: 'Sorting' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('strong')).toHaveTextContent('Quick');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('table');
    expect(within(table).getByRole('columnheader', { name: 'Cost' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'n log n' })).toBeInTheDocument();
    // The highlighter loads with the first answer that has a code block.
    await waitFor(() => expect(container.querySelector('pre code .hljs-keyword')).toHaveTextContent('def'));
    const code = container.querySelector('pre code')!;
    expect(code).toHaveClass('hljs', 'language-python');
    expect(code.textContent).toBe('def double(x):\n    return x * 2\n');
  });

  it('copies a code block as written', async () => {
    const user = userEvent.setup();
    render(<MarkdownAnswer text={MARKDOWN_ANSWER} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('def double(x):\n    return x * 2\n');
    expect(screen.getByText(MESSAGES.codeCopied)).toBeInTheDocument();
  });

  it('leaves a fence in an unknown language plain', async () => {
    await import('@promptpair/answer-markdown/highlight');
    const { container } = render(<MarkdownAnswer text={'```js\nlet a\n```\n\n```brainfuck\n+++.\n```'} />);
    await waitFor(() => expect(container.querySelector('pre code.hljs')).not.toBeNull());
    expect(container.querySelectorAll('pre code')[1]!.textContent).toBe('+++.\n');
    expect(container.querySelectorAll('pre code')[1]!.querySelector('span')).toBeNull();
  });

  it('keeps single line breaks as line breaks', () => {
    const { container } = render(<MarkdownAnswer text={'line one\nline two'} />);
    expect(container.querySelector('p')!.textContent).toBe('line one\nline two');
  });

  it('runs nothing from a hostile answer: HTML shows as text, only http(s) and mailto links remain', () => {
    const { container } = render(<MarkdownAnswer text={HOSTILE_ANSWER} />);
    expectNothingRuns(container);
    expect(screen.getByText('click me').closest('a')).toBeNull();
    expect(container.textContent).toContain('<script>window.__hostile = 2</script>');
  });

  it('opens allowed links in a new tab without handing over the page', () => {
    render(<MarkdownAnswer text={'[site](https://example.com/a) [mail](mailto:a@example.com) [rel](/local) [data](data:text/html,hi)'} />);
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com/a');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.com');
    expect(screen.queryByRole('link', { name: 'rel' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'data' })).toBeNull();
  });

  it('writes out where a link leads when its text is the address of another host, as part of the link', () => {
    render(<MarkdownAnswer text={'[https://bank.example](https://evil.example/login) [bank.example](https://bank.example/a) [the docs](https://docs.example)'} />);
    const disguised = screen.getByRole('link', { name: 'https://bank.example (leads to evil.example)' });
    expect(disguised).toHaveAttribute('href', 'https://evil.example/login');
    expect(within(disguised).getByText('(leads to evil.example)')).toBeVisible();
    // Text naming the host it leads to, and text naming no address, stay as written.
    expect(screen.getByRole('link', { name: 'bank.example' })).toHaveAttribute('href', 'https://bank.example/a');
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://docs.example');
  });

  it('shows an image as a link instead of loading it', () => {
    const { container } = render(<MarkdownAnswer text={'![a cat](https://example.com/cat.png)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: '[image: a cat]' })).toHaveAttribute('href', 'https://example.com/cat.png');
  });
});
