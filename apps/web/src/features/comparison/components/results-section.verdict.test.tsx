import { RESULT_TITLES, type TComparisonResponse } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aComparison, aResult } from '../../../test/fetch-mock.ts';
import { bySide } from '../../../lib/spec-sides.ts';
import { comparisonReducer, initialComparisonState } from '../logic/stream-state.ts';
import { LandmarkScope } from '../../../components/ui/landmark-scope.tsx';
import { ResultsSection } from './results-section.tsx';
import { VerdictPending } from '../../../components/verdict-line/verdict-line.tsx';

/** The run the page holds once `comparison` has fully arrived. */
const answered = (comparison: TComparisonResponse) =>
  [{ type: 'sent', at: 0 } as const, { type: 'answered', response: { ...bySide(comparison), logId: comparison.logId } } as const].reduce(comparisonReducer, initialComparisonState).run;
/** The run while the comparison is still in flight. */
const inFlight = () => [{ type: 'sent', at: 0 } as const].reduce(comparisonReducer, initialComparisonState).run;

const verdict = () => screen.getByRole('region', { name: 'Verdict' });

describe('the verdict line', () => {
  it('says in words which finished first, which cost less, the lengths and how alike the answers are', async () => {
    const result = aComparison({
      chatGPT: aResult({ message: 'The sky is blue today.', elapsedTime: 2.5, timeToFirstToken: 0.4, cost: 0.0002, model: 'gpt-4o-mini', usage: { inputTokens: 10, outputTokens: 6 } }),
      palmAPI: aResult({ message: 'The sky is grey today.', elapsedTime: 1.25, timeToFirstToken: 0.9, cost: null, model: 'chat-bison-001', usage: { inputTokens: 9, outputTokens: 6 } }),
    });
    render(<ResultsSection run={answered(result)} ownKey />);
    // The sentences load after the first paint; until then the verdict keeps its place.
    await screen.findByText('ChatGPT started first (0.40 s against 0.90 s for Palm API).');
    const line = within(verdict());
    expect(line.getByText('ChatGPT started first (0.40 s against 0.90 s for Palm API).')).toBeInTheDocument();
    expect(line.getByText('Palm API finished first (1.25 s against 2.50 s for ChatGPT).')).toBeInTheDocument();
    expect(line.getByText('Cost cannot be compared: price unknown for Palm API.')).toBeInTheDocument();
    expect(line.getByText('ChatGPT: 5 words; Palm API: 5 words.')).toBeInTheDocument();
    await waitFor(() => expect(line.getByText('The answers share 80% of their words.')).toBeInTheDocument());
    expect(line.getByText('Cost is an estimate at list prices; your own account may be billed differently.')).toBeInTheDocument();
  });

  it('shows each answer’s model, tokens in and out and cost, and "price unknown" rather than 0', () => {
    const result = aComparison({
      chatGPT: aResult({ model: 'gpt-4o-mini', usage: { inputTokens: 12, outputTokens: 30 }, cost: 0.0000198 }),
      palmAPI: aResult({ model: 'chat-bison-001', usage: { inputTokens: 9, outputTokens: 6 }, cost: null }),
    });
    render(<ResultsSection run={answered(result)} />);
    const chat = within(screen.getByRole('region', { name: `${RESULT_TITLES.chatGPT} answer` }));
    expect(chat.getByText('12 / 30')).toBeInTheDocument();
    expect(chat.getByText('$0.00002')).toBeInTheDocument();
    const palm = within(screen.getByRole('region', { name: `${RESULT_TITLES.palmAPI} answer` }));
    expect(palm.getByText('chat-bison-001')).toBeInTheDocument();
    expect(palm.getByText('price unknown')).toBeInTheDocument();
    expect(screen.queryByText(/estimate at list prices; your own/)).toBeNull();
  });

  it('waits for both answers, and says who failed', async () => {
    const { rerender } = render(<ResultsSection run={inFlight()} />);
    // Its place is kept, so the answers do not move when it fills.
    expect(verdict()).toHaveTextContent(/^VerdictOnce both answers are in/);
    expect(verdict()).not.toHaveAttribute('tabindex');
    rerender(<ResultsSection run={answered(aComparison({ palmAPI: aResult({ message: null, errorMsg: 'Down.' }) }))} />);
    await waitFor(() => expect(verdict()).toHaveTextContent('Only ChatGPT answered; Palm API failed.'));
    // It grows with its sentences instead of scrolling: nothing in it needs focus to be read.
    expect(verdict()).not.toHaveAttribute('tabindex');
  });

  it('is named after its prompt on a page of several, waiting or done', () => {
    const { rerender } = render(
      <LandmarkScope.Provider value="Prompt 2">
        <VerdictPending />
      </LandmarkScope.Provider>,
    );
    const named = () => screen.getByRole('region', { name: 'Verdict, Prompt 2' });
    expect(within(named()).getByRole('heading', { name: 'Verdict, Prompt 2' })).toBeInTheDocument();
    rerender(
      <LandmarkScope.Provider value="Prompt 2">
        <ResultsSection run={answered(aComparison())} />
      </LandmarkScope.Provider>,
    );
    expect(within(named()).getByRole('heading', { name: 'Verdict, Prompt 2' })).toBeInTheDocument();
  });
});
