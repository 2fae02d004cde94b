import { RESULT_TITLES, type TComparisonResponse } from '@promptpair/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aComparison, aResult } from '../../../test/fetch-mock.ts';
import { bySide } from '../../../lib/spec-sides.ts';
import { comparisonReducer, initialComparisonState } from '../logic/stream-state.ts';
import { ResultsSection } from './results-section.tsx';

/** The run the page holds once `comparison` has fully arrived. */
const answered = (comparison: TComparisonResponse) =>
  [{ type: 'sent', at: 0 } as const, { type: 'answered', response: { ...bySide(comparison), logId: comparison.logId } } as const].reduce(comparisonReducer, initialComparisonState).run;

const toggle = () => screen.getByRole('checkbox', { name: 'Show differences' });
const box = (title: string) => screen.getByRole('region', { name: `${title} answer` });

describe('Show differences', () => {
  it('is off, and disabled until both answers have text', () => {
    const { rerender } = render(<ResultsSection run={null} />);
    expect(toggle()).toBeDisabled();
    rerender(<ResultsSection run={answered(aComparison({ palmAPI: aResult({ message: null, errorMsg: 'Down.' }) }))} />);
    expect(toggle()).toBeDisabled();
    rerender(<ResultsSection run={answered(aComparison())} />);
    expect(toggle()).toBeEnabled();
    expect(toggle()).not.toBeChecked();
  });

  it('marks the words only one answer has, in each box, with words for screen readers', async () => {
    const user = userEvent.setup();
    const result = aComparison({
      chatGPT: aResult({ message: 'The sky is blue today.' }),
      palmAPI: aResult({ message: 'The sky is grey today.' }),
    });
    render(<ResultsSection run={answered(result)} />);
    await user.click(toggle());

    await waitFor(() => expect(within(box(RESULT_TITLES.chatGPT)).getByText('blue', { selector: 'mark *, mark', exact: false })).toBeInTheDocument());
    const chatMarks = box(RESULT_TITLES.chatGPT).querySelectorAll('mark');
    const palmMarks = box(RESULT_TITLES.palmAPI).querySelectorAll('mark');
    expect([...chatMarks].map((mark) => mark.textContent)).toEqual([`[only in ${RESULT_TITLES.chatGPT}: blue]`]);
    expect([...palmMarks].map((mark) => mark.textContent)).toEqual([`[only in ${RESULT_TITLES.palmAPI}: grey]`]);
    // The answer itself reads the same, only marked.
    expect(box(RESULT_TITLES.chatGPT).querySelector('.result-box__message')!.textContent).toBe(
      `The sky is [only in ${RESULT_TITLES.chatGPT}: blue] today.`,
    );
    expect(screen.getByText('Highlighted words appear in only one of the two answers.')).toBeInTheDocument();

    await user.click(toggle());
    expect(document.querySelector('mark')).toBeNull();
    expect(box(RESULT_TITLES.chatGPT).querySelector('.result-box__message')!.textContent).toBe('The sky is blue today.');
  });

  it('keeps each box alive when the other fails to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // An answer whose elapsedTime is not a number makes that box throw while rendering.
    const broken = aComparison({ palmAPI: { ...aResult(), elapsedTime: undefined as unknown as number } });
    render(<ResultsSection run={answered(broken)} />);
    expect(box(RESULT_TITLES.chatGPT)).toHaveTextContent('ChatGPT says hello.');
    expect(screen.getByText(`The ${RESULT_TITLES.palmAPI} answer could not be displayed.`)).toBeInTheDocument();
  });
});
