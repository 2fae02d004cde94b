import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
