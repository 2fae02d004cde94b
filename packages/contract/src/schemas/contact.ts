import { z } from 'zod';
import { CONTACT_MESSAGE_MIN_LENGTH, INPUT_LIMITS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isEmail } from './fields.ts';

export interface TContactForm {
  email: string;
  message: string;
}

/** The first problem with a contact form, in the order docs/product.md §5 lists them, or null. */
export function contactFormError(form: TContactForm): string | null {
  const email = form.email.trim();
  const message = form.message.trim();
  if (!isEmail(email)) return MESSAGES.contact.invalidEmail;
  if (message === '') return MESSAGES.contact.emptyMessage;
  if (message.length < CONTACT_MESSAGE_MIN_LENGTH) return MESSAGES.contact.shortMessage;
  if (message.length > INPUT_LIMITS.contactMessageMaxChars) {
    return `The message may hold at most ${INPUT_LIMITS.contactMessageMaxChars} characters.`;
  }
  return null;
}

export const ZContactRequest = z
  .object({ email: z.string({ error: MESSAGES.contact.invalidEmail }), message: z.string({ error: MESSAGES.contact.emptyMessage }) })
  .superRefine((form, ctx) => {
    const problem = contactFormError(form);
    if (problem === null) return;
    const path = problem === MESSAGES.contact.invalidEmail ? ['email'] : ['message'];
    ctx.addIssue({ code: 'custom', message: problem, path });
  })
  .transform((form) => ({ email: form.email.trim(), message: form.message.trim() }));
export type TContactRequest = z.infer<typeof ZContactRequest>;

/** POST /api/contact-us answers 200 with this; the page only looks at the status (docs/product.md §7). */
export const ZContactResponse = z.object({ received: z.literal(true) });
export type TContactResponse = z.infer<typeof ZContactResponse>;
