import { batchSummaryPath } from '@promptpair/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { aJob } from '../test/job-fixture.ts';
import { PromptListRunPanel } from './prompt-list-run-panel.tsx';


describe('PromptListRunPanel', () => {
  it('shows done / failed / total, elapsed, time left and the share finished', () => {
    render(<PromptListRunPanel job={aJob()} onCancel={vi.fn()} />);
    expect(screen.getByText(/48 done · 2 failed · 200 total · elapsed 1 min 5 s · about 3 min 10 s left/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '25% of the prompts finished' })).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
  });

  it('links the results so far as CSV and JSONL, and cancels while running', async () => {
    const onCancel = vi.fn(() => Promise.resolve());
    render(<PromptListRunPanel job={aJob()} onCancel={onCancel} />);
    expect(screen.getByRole('link', { name: 'Download results (CSV)' })).toHaveAttribute('href', '/api/batch/job-1/results?format=csv');
    expect(screen.getByRole('link', { name: 'Download results (JSONL)' })).toHaveAttribute('href', '/api/batch/job-1/results?format=jsonl');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('has no cancel and no time left once the run ended', () => {
    render(<PromptListRunPanel job={aJob({ status: 'completed', done: 198, failed: 2, pending: 0, etaSeconds: null })} onCancel={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '100% of the prompts finished' })).toBeInTheDocument();
  });

  it('names a general pair’s sides on the panel and in the summary’s rows; the spec’s pair shows no such line', async () => {
    const summary = {
      prompts: 2,
      cost: { a: { total: 0.002, unknown: 0 }, b: { total: 0.001, unknown: 0 } },
      medianSeconds: { a: 1.5, b: 2 },
      faster: { a: 2, b: 0, ties: 0, undecided: 0 },
      cheaper: { a: 0, b: 2, ties: 0, undecided: 0 },
    };
    mockFetch({ [`GET ${batchSummaryPath('job-1')}`]: () => Response.json(summary) });
    const sides = {
      a: { service: 'claude', kind: 'anthropic' as const, name: 'Claude', model: 'claude-haiku-5-5' },
      b: { service: 'chatgpt', kind: 'openai' as const, name: 'ChatGPT', model: 'gpt-4o' },
    };
    render(<PromptListRunPanel job={aJob({ status: 'completed', done: 2, failed: 0, pending: 0, total: 2, etaSeconds: null, sides })} onCancel={vi.fn()} />);
    expect(screen.getByText('Left: Claude · claude-haiku-5-5. Right: ChatGPT · gpt-4o.')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Claude · claude-haiku-5-5' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'ChatGPT · gpt-4o' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('Palm API');
  });

  it('keeps the spec’s names in the summary of a spec run', async () => {
    const summary = { prompts: 1, cost: { a: { total: 0, unknown: 1 }, b: { total: 0, unknown: 1 } }, medianSeconds: { a: null, b: null }, faster: { a: 0, b: 0, ties: 0, undecided: 1 }, cheaper: { a: 0, b: 0, ties: 0, undecided: 1 } };
    mockFetch({ [`GET ${batchSummaryPath('job-1')}`]: () => Response.json(summary) });
    render(<PromptListRunPanel job={aJob({ status: 'completed', done: 1, failed: 0, pending: 0, total: 1, etaSeconds: null })} onCancel={vi.fn()} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent).slice(0, 2)).toEqual(['ChatGPT', 'Palm API']);
    expect(screen.queryByText(/^Left:/)).toBeNull();
  });
});
