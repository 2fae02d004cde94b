import { API_ROUTES, MESSAGES } from '@promptpair/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { ContactUsModal } from './contact-us-modal.tsx';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => vi.clearAllMocks());

function Harness() {
  const [show, setShow] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShow(true)}>
        Open contact
      </button>
      <ContactUsModal show={show} onHide={() => setShow(false)} />
    </>
  );
}

function renderModal(answer: () => Response = () => Response.json({ received: true })) {
  const mock = mockFetch({ [`POST ${API_ROUTES.contactUs}`]: answer });
  const user = userEvent.setup();
  render(<Harness />);
  const email = () => screen.getByLabelText('Email');
  const message = () => screen.getByLabelText('Message');
  const fill = async (values: { email: string; message: string }) => {
    await user.clear(email());
    if (values.email) await user.type(email(), values.email);
    await user.clear(message());
    if (values.message) await user.type(message(), values.message);
    await user.click(screen.getByRole('button', { name: 'Send' }));
  };
  return { ...mock, user, email, message, fill };
}

describe('ContactUsModal', () => {
  it('shows each docs/product.md §5 message in order, beside its field, and sends nothing', async () => {
    const { fill, bodiesOf, email, message } = renderModal();
    const steps = [
      { email: 'not-an-email', message: '', text: MESSAGES.contact.invalidEmail, field: email },
      { email: 'me@example.com', message: '   ', text: MESSAGES.contact.emptyMessage, field: message },
      { email: 'me@example.com', message: 'Too short', text: MESSAGES.contact.shortMessage, field: message },
    ];
    for (const step of steps) {
      await fill(step);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(step.text);
      expect(step.field()).toHaveAttribute('aria-invalid', 'true');
      expect(step.field()).toHaveAccessibleDescription(step.text);
    }
    expect(bodiesOf(API_ROUTES.contactUs)).toEqual([]);
  });

  it('sends, clears, closes and thanks on success', async () => {
    const { fill, bodiesOf, user, email, message } = renderModal();
    await fill({ email: 'me@example.com', message: 'Hello, I have a question.' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.contact.sent));
    expect(toast.error).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact Us' })).not.toBeInTheDocument());
    expect(bodiesOf(API_ROUTES.contactUs)).toEqual([{ email: 'me@example.com', message: 'Hello, I have a question.' }]);
    await user.click(screen.getByRole('button', { name: 'Open contact' }));
    expect(email()).toHaveValue('');
    expect(message()).toHaveValue('');
  });

  it.each([
    ['a server refusal', () => Response.json({ message: 'Too many.', code: 'rate_limited' }, { status: 429 })],
    ['no answer', () => Promise.reject(new TypeError('offline'))],
  ])('shows the failure toast on %s and keeps the text', async (_name, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fill, message } = renderModal(answer as () => Response);
    await fill({ email: 'me@example.com', message: 'Hello, I have a question.' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.contact.failed));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Contact Us' })).toBeInTheDocument();
    expect(message()).toHaveValue('Hello, I have a question.');
  });
});
