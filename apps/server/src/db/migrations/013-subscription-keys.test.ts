import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../test/both-databases.ts';
import { createTestSchema, type TestSchema } from '../../test/postgres-schema.ts';
import { createDatabase, createMigrator, migrateToLatest, type Database } from '../database.ts';
import { createSubscriptionsRepository } from '../repositories/subscriptions.ts';

let db: Database | undefined;
let schema: TestSchema | undefined;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  await schema?.drop();
  await rm(dir, { recursive: true, force: true });
  db = undefined;
  schema = undefined;
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
    if (kind === 'postgres') {
      schema = await createTestSchema('pp_m013');
      db = createDatabase({ databaseUrl: schema.url, dataDir: '' });
    } else {
      dir = await mkdtemp(join(tmpdir(), 'promptpair-m013-'));
      db = createDatabase({ dataDir: dir });
    }
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
