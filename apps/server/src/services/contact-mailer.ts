import type { Transporter } from 'nodemailer';
import { loadOnce } from '../lib/load-once.ts';

export interface ContactMail {
  email: string;
  message: string;
  receivedAt: string;
}

export interface ContactMailer {
  send(mail: ContactMail): Promise<void>;
}

/** Short waits: the visitor is waiting on the answer, and the message is already stored. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * Mails each contact message to the operators when SMTP_URL (e.g. smtp://user:pass@host:587) and
 * CONTACT_EMAIL_TO are set; null otherwise. The visitor's address goes in Reply-To as a parsed
 * address object, so it cannot add recipients or headers.
 */
export function createContactMailer(smtpUrl: string | undefined, to: string | undefined): ContactMailer | null {
  if (!smtpUrl || !to) return null;
  // Made with the first message, not at start: contact messages are rare and nodemailer is large.
  const connect = loadOnce(async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(smtpUrl, SMTP_TIMEOUTS_MS);
  });
  return {
    async send(mail) {
      await (await connect()).sendMail({
        from: to,
        to,
        replyTo: { name: '', address: mail.email },
        subject: 'PromptPair: new Contact Us message',
        text: `From: ${mail.email}\nReceived: ${mail.receivedAt}\n\n${mail.message}\n`,
      });
    },
  };
}
