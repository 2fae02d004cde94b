import type { TContactRequest } from '@promptpair/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessagesRepository } from '../db/repositories/contact-messages.ts';
import type { ContactMailer } from './contact-mailer.ts';

/**
 * Contact Us: the stored message is the record the operators work from; the email is a notice.
 * A mail failure is logged and the visitor still hears "thank you", since nothing was lost.
 */
export function createContactService(deps: { messages: ContactMessagesRepository; mailer: ContactMailer | null; log: FastifyBaseLogger }) {
  return {
    async receive(form: TContactRequest, visitorId: string): Promise<void> {
      await deps.messages.insert({ visitorId, email: form.email, message: form.message });
      if (!deps.mailer) return;
      try {
        await deps.mailer.send({ ...form, receivedAt: new Date().toISOString() });
      } catch (error) {
        deps.log.error({ err: error }, 'contact message stored but the email to the operators failed');
      }
    },

    purgeExpired: () => deps.messages.purgeExpired(),
  };
}
export type ContactService = ReturnType<typeof createContactService>;
