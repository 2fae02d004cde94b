import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS, createContactMessagesRepository } from '../../db/repositories/contact-messages.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('contact message retention', () => {
  it(`deletes messages older than ${CONTACT_RETENTION_DAYS} days and keeps newer ones`, async () => {
    const repo = createContactMessagesRepository(server.composed.db);
    await repo.insert({ visitorId: 'v', email: 'a@b.co', message: 'old message here' });
    const later = new Date(Date.now() + (CONTACT_RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    const soon = new Date(Date.now() + (CONTACT_RETENTION_DAYS - 1) * 24 * 3600 * 1000);
    expect(await repo.purgeExpired(soon)).toBe(0);
    expect(await repo.purgeExpired(later)).toBe(1);
    expect(await repo.list()).toEqual([]);
  });
});
