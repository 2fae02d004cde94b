import { contactFormError, MESSAGES, type TContactForm } from '@promptpair/contract';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

const EMPTY: TContactForm = { email: '', message: '' };

/** Which field a check's message belongs to, so it shows beside that field. */
export const fieldOfError = (error: string): keyof TContactForm => (error === MESSAGES.contact.invalidEmail ? 'email' : 'message');

/**
 * The Contact Us form: checks in docs/product.md §5 order before sending, then on success clears, closes and
 * thanks; any failure (non-2xx or no answer) is one toast and the text stays for another try.
 */
export function useContactForm(onSent: () => void) {
  const [form, setForm] = useState<TContactForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (field: keyof TContactForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = contactFormError(form);
    setError(problem);
    if (problem !== null) return;
    setSending(true);
    try {
      await sendContactMessage(form);
      setForm(EMPTY);
      toast.success(MESSAGES.contact.sent);
      onSent();
    } catch (failure) {
      console.error('Could not send the contact message', failure);
      toast.error(MESSAGES.contact.failed);
    } finally {
      setSending(false);
    }
  };

  return { form, error, sending, change, submit };
}
