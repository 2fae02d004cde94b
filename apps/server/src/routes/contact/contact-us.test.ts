import { API_ROUTES, CONTACT_MESSAGE_MIN_LENGTH, MESSAGES, RATE_LIMITS } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, CONTACT_EMAIL_TO: 'operators@promptpair.test' });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const storedMessages = () => server.composed.db.selectFrom('contact_messages').selectAll().execute();
const valid = { email: 'visitor@example.com', message: 'I would like to know more, please.' };

describe('POST /api/contact-us', () => {
  it('answers 200, stores the message and mails it to the operators', async () => {
    const visitor = server.client({ browser: true });
    await visitor.get(API_ROUTES.session);
    const { status, body } = await visitor.post(API_ROUTES.contactUs, { email: ' visitor@example.com ', message: 'Hello there,\nhow are you?' });
    expect(status).toBe(200);
    expect(body).toEqual({ received: true });
    expect(await storedMessages()).toContainEqual(expect.objectContaining({ email: 'visitor@example.com', message: 'Hello there,\nhow are you?' }));
    const mail = sink.received.at(-1);
    expect(mail?.to).toEqual(['operators@promptpair.test']);
    expect(mail?.raw).toMatch(/^Reply-To: visitor@example\.com\r?$/m);
    expect(mail?.raw).toContain('how are you?');
  });

  const invalid = [
    { name: 'a bad email', form: { email: 'not-an-email', message: '' }, field: 'email', text: MESSAGES.contact.invalidEmail },
    { name: 'an email with spaces', form: { email: 'a b@c.de', message: valid.message }, field: 'email', text: MESSAGES.contact.invalidEmail },
    { name: 'an empty message', form: { email: valid.email, message: '   ' }, field: 'message', text: MESSAGES.contact.emptyMessage },
    {
      name: 'a short message',
      form: { email: valid.email, message: 'x'.repeat(CONTACT_MESSAGE_MIN_LENGTH - 1) },
      field: 'message',
      text: MESSAGES.contact.shortMessage,
    },
    { name: 'a missing message', form: { email: valid.email }, field: 'message', text: MESSAGES.contact.emptyMessage },
  ];
  for (const { name, form, field, text } of invalid) {
    it(`refuses ${name} with 422 and the docs/product.md §5 text`, async () => {
      const before = (await storedMessages()).length;
      const { status, body } = await server.client().post(API_ROUTES.contactUs, form);
      expect(status).toBe(422);
      expect(body).toMatchObject({ message: text, code: 'validation_failed', errors: { [field]: [text] } });
      expect(await storedMessages()).toHaveLength(before);
    });
  }

  it('accepts exactly the minimum length', async () => {
    const { status } = await server.client().post(API_ROUTES.contactUs, { ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MIN_LENGTH) });
    expect(status).toBe(200);
  });

  it(`limits each visitor to ${RATE_LIMITS.contact.perVisitor.max} messages an hour, answering 429 in the error shape`, async () => {
    const visitor = server.client();
    for (let i = 0; i < RATE_LIMITS.contact.perVisitor.max; i++) expect((await visitor.post(API_ROUTES.contactUs, valid)).status).toBe(200);
    const over = await visitor.post(API_ROUTES.contactUs, valid);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: MESSAGES.contact.rateLimited, code: 'rate_limited' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.client().post(API_ROUTES.contactUs, valid)).status).toBe(200);
  });

  it('still thanks the visitor when the mail server is down: the message is stored', async () => {
    const offline = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_EMAIL_TO: 'ops@promptpair.test' }, { fake: server.fake });
    try {
      expect((await offline.client().post(API_ROUTES.contactUs, valid)).status).toBe(200);
      expect(await offline.composed.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });
});
