import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { openDatabaseOn, type OpenedDatabase } from '../../test/database-on.ts';
import { createMigrator, migrateToLatest } from '../database.ts';
import { createSubscriptionsRepository } from '../repositories/subscriptions.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const oldSubscription = {
  id: 'old-sub',
  visitor_id: 'v',
  email: 'old@example.com',
  chatgpt_key: 'v1.sealed-chatgpt',
  palmapi_key: 'v1.sealed-palm',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe.each(DATABASES)('migration 013 on %s: a subscription holds a sealed key per service', (kind) => {
  it('keeps every old subscription as it was, holds one key per service, and goes back without losing a subscription', async () => {
    opened = await openDatabaseOn(kind, 'm013');
    const { db } = opened;
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('012-run-sides')).error).toBeUndefined();
    await db.insertInto('subscriptions').values(oldSubscription).execute();

    await migrateToLatest(db);

    const repo = createSubscriptionsRepository(db);
    expect(await repo.findByVisitor('v')).toEqual(oldSubscription);
    expect(await repo.serviceKeys('old-sub')).toEqual([]);

    await repo.putServiceKey('old-sub', 'claude', 'v1.sealed-claude');
    await repo.putServiceKey('old-sub', 'router', 'v1.sealed-router');
    await repo.putServiceKey('old-sub', 'claude', 'v1.sealed-claude-2');
    expect((await repo.serviceKeys('old-sub')).sort((x, y) => x.service.localeCompare(y.service))).toEqual([
      { service: 'claude', sealed_key: 'v1.sealed-claude-2' },
      { service: 'router', sealed_key: 'v1.sealed-router' },
    ]);
    expect(await repo.deleteServiceKey('old-sub', 'router')).toBe(true);
    expect(await repo.deleteServiceKey('old-sub', 'router')).toBe(false);
    expect(await repo.allSealedServiceKeys()).toEqual([{ subscription_id: 'old-sub', service: 'claude', sealed_key: 'v1.sealed-claude-2' }]);

    // And back: the table goes, the subscription stays.
    expect((await migrator.migrateTo('012-run-sides')).error).toBeUndefined();
    expect(await db.selectFrom('subscriptions').selectAll().execute()).toEqual([oldSubscription]);
  });
});
