import { API_ROUTES, ESCAPE_KEY_CODE, keyCheckUnavailableMessage, keyRefusedMessage, SUBSCRIPTION_CLOSE_DELAY_MS, SUBSCRIPTION_MESSAGES, TOAST_MS } from '@promptpair/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { UploadPromptListModal } from './upload-prompt-list-modal.tsx';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const SAVED = { chatgptKey: 'sk-…cdef', palmapiKey: 'AIz…3210', email: 'me@example.com', paymentUrl: null };

function renderModal(props: { goTo?: (url: string) => void } = {}) {
  const onHide = vi.fn();
  const onKeysSaved = vi.fn();
  render(<UploadPromptListModal show onHide={onHide} onKeysSaved={onKeysSaved} {...props} />);
  return { onHide, onKeysSaved };
}

/** Lets the save's promises settle without moving the fake clock forward. */
async function settleSave() {
  for (let i = 0; i < 50 && vi.mocked(toast.success).mock.calls.length === 0; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

const field = (name: string) => screen.getByLabelText(name);
const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: { gpt?: string; palm?: string; email?: string; terms?: boolean }) {
  if (values.gpt) await user.type(field('GPT API key'), values.gpt);
  if (values.palm) await user.type(field('PALM API key'), values.palm);
  if (values.email) await user.type(field('Email'), values.email);
  if (values.terms) await user.click(screen.getByLabelText('I accept the terms and conditions'));
}

beforeEach(() => vi.mocked(toast.success).mockClear());

describe('Upload Prompt List dialog (docs/product.md §2 modal 6)', () => {
  it('shows the spec elements: two key text inputs, an email input, the terms box and the text', () => {
    mockFetch();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Upload Prompt List' })).toBeInTheDocument();
    expect(field('GPT API key')).toHaveAttribute('type', 'text');
    expect(field('PALM API key')).toHaveAttribute('type', 'text');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).not.toBeChecked();
    expect(screen.getByText(SUBSCRIPTION_MESSAGES.intro)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThanOrEqual(1);
  });

  it('checks terms, then both keys, then the email, in that order, sending nothing until all pass', async () => {
    const { bodiesOf } = mockFetch();
    const user = userEvent.setup();
    renderModal();
    await user.click(proceed());
    expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.termsRequired);

    await fill(user, { terms: true, gpt: 'sk-abc' });
    await user.click(proceed());
    expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.keysRequired);

    await fill(user, { palm: '   ' });
    await user.click(proceed());
    expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.keysRequired);

    await user.clear(field('PALM API key'));
    await fill(user, { palm: 'AIza-xyz', email: '  ' });
    await user.click(proceed());
    expect(screen.getByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.emailRequired);
    expect(bodiesOf(API_ROUTES.key)).toEqual([]);
  });

  const failures = [
    { name: '422 invalid email is reworded', status: 422, body: { message: 'x', errors: { email: [SUBSCRIPTION_MESSAGES.serverInvalidEmail] } }, shown: SUBSCRIPTION_MESSAGES.shownInvalidEmail },
    { name: '422 shows the first message of the first field unchanged', status: 422, body: { message: 'x', errors: { chatgpt_key: ['The chatgpt key field is required.', 'Second.'], email: ['Other.'] } }, shown: 'The chatgpt key field is required.' },
    { name: '409 shows the server message', status: 409, body: { message: 'This email already holds a subscription.' }, shown: 'This email already holds a subscription.' },
    {
      name: '422 from a refused key shows which service refused it',
      status: 422,
      body: { message: 'x', code: 'key_refused', errors: { palmapi_key: [keyRefusedMessage('palmAPI', 'upstream_auth')] } },
      shown: 'Palm API rejected the API key. Check that the key is correct and active.',
    },
    {
      name: '503 from a key check that could not be made shows the server message',
      status: 503,
      body: { message: keyCheckUnavailableMessage(['chatGPT']), code: 'key_check_unavailable' },
      shown: 'ChatGPT could not be reached to check your API key, so the subscription was not saved. Please try again in a minute.',
    },
    { name: 'another 503 shows the unexpected-status text', status: 503, body: { message: 'Down.', code: 'storage_unavailable' }, shown: SUBSCRIPTION_MESSAGES.unexpectedStatus },
    { name: 'another status shows the unexpected-status text', status: 500, body: { message: 'boom' }, shown: SUBSCRIPTION_MESSAGES.unexpectedStatus },
  ];
  for (const failure of failures) {
    it(failure.name, async () => {
      mockFetch({ [`POST ${API_ROUTES.key}`]: () => Response.json(failure.body, { status: failure.status }) });
      const user = userEvent.setup();
      const { onHide } = renderModal();
      await fill(user, { gpt: 'sk-abc', palm: 'AIza-xyz', email: 'me@example.com', terms: true });
      await user.click(proceed());
      expect(await screen.findByRole('alert')).toHaveTextContent(failure.shown);
      expect(onHide).not.toHaveBeenCalled();
      // The visitor can correct the form and try again at once.
      expect(proceed()).toBeEnabled();
      expect(field('Email')).toBeEnabled();
    });
  }

  it('no response shows the try-again text', async () => {
    mockFetch({ [`POST ${API_ROUTES.key}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = userEvent.setup();
    renderModal();
    await fill(user, { gpt: 'sk-abc', palm: 'AIza-xyz', email: 'me@example.com', terms: true });
    await user.click(proceed());
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_MESSAGES.noResponse);
    expect(proceed()).toBeEnabled();
  });

  it('closes on Escape (key code 27) while open', () => {
    mockFetch();
    const { onHide } = renderModal();
    fireEvent.keyDown(screen.getByRole('dialog'), { keyCode: ESCAPE_KEY_CODE });
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  describe('after a successful save', () => {
    afterEach(() => vi.useRealTimers());

    it('toasts at the top centre for 2000 ms, and after 400 ms hands the keys over, clears and closes', async () => {
      const { bodiesOf } = mockFetch({ [`POST ${API_ROUTES.key}`]: () => Response.json(SAVED) });
      const user = userEvent.setup();
      const { onHide, onKeysSaved } = renderModal();
      await fill(user, { gpt: ' sk-typed-key ', palm: 'AIza-typed-key', email: 'me@example.com', terms: true });
      vi.useFakeTimers(); // from the click on, time moves only when the test says so
      fireEvent.click(proceed());

      await settleSave();
      expect(toast.success).toHaveBeenCalledWith(SUBSCRIPTION_MESSAGES.saved, expect.objectContaining({ duration: TOAST_MS.subscriptionSaved, position: 'top-center' }));
      expect(bodiesOf(API_ROUTES.key)).toEqual([{ chatgpt_key: ' sk-typed-key ', palmapi_key: 'AIza-typed-key', email: 'me@example.com' }]);

      await act(() => vi.advanceTimersByTimeAsync(SUBSCRIPTION_CLOSE_DELAY_MS - 1));
      expect(onKeysSaved).not.toHaveBeenCalled();
      expect(onHide).not.toHaveBeenCalled();
      expect(field('Email')).toHaveValue('me@example.com');
      // Until the hand-off the form stays busy: another click saves nothing a second time.
      expect(proceed()).toBeDisabled();
      expect(field('Email')).toBeDisabled();
      fireEvent.click(proceed());
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(bodiesOf(API_ROUTES.key)).toHaveLength(1);

      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(onKeysSaved).toHaveBeenCalledWith({ chatgptKey: 'sk-typed-key', palmapiKey: 'AIza-typed-key' });
      expect(onHide).toHaveBeenCalledTimes(1);
      for (const name of ['GPT API key', 'PALM API key', 'Email']) expect(field(name)).toHaveValue('');
      expect(proceed()).toBeEnabled();
      expect(screen.getByLabelText('I accept the terms and conditions')).not.toBeChecked();
    });

    it('then goes to the payment link when the server names one', async () => {
      mockFetch({ [`POST ${API_ROUTES.key}`]: () => Response.json({ ...SAVED, paymentUrl: 'https://pay.example.com/c' }) });
      const user = userEvent.setup();
      const goTo = vi.fn();
      renderModal({ goTo });
      await fill(user, { gpt: 'sk-abc', palm: 'AIza-xyz', email: 'me@example.com', terms: true });
      vi.useFakeTimers();
      fireEvent.click(proceed());
      await settleSave();
      expect(goTo).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(SUBSCRIPTION_CLOSE_DELAY_MS));
      expect(goTo).toHaveBeenCalledWith('https://pay.example.com/c');
    });
  });
});
