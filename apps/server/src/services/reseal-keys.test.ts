import { describe, expect, it } from 'vitest';
import { createSubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { createSecrets } from '../lib/secrets.ts';
import { testAppKey } from '../test/app-keys.ts';
import { useTempSqlite } from '../test/temp-sqlite.ts';
import { resealSavedKeys } from './reseal-keys.ts';

const OLD = testAppKey('reseal: the old key');
const NEW = testAppKey('reseal: the new key');
const open = useTempSqlite('promptpair-reseal-');

describe('re-sealing saved keys after APP_KEY rotated', () => {
  it('seals the spec’s two keys and every key per service again under the new key, once', async () => {
    const { db } = await open();
    const old = createSecrets(OLD);
    const repo = createSubscriptionsRepository(db);
    await repo.insert('v', { email: 'r@example.com', chatgptKey: old.encrypt('sk-chat'), palmapiKey: old.encrypt('AIza-palm') });
    const { id } = (await repo.findByVisitor('v'))!;
    await repo.putServiceKey(id, 'claude', old.encrypt('sk-ant-claude'));

    const rotating = createSecrets(NEW, OLD);
    expect(await resealSavedKeys(db, rotating)).toBe(2);
    const current = createSecrets(NEW);
    const row = (await repo.findByVisitor('v'))!;
    expect([current.decrypt(row.chatgpt_key), current.decrypt(row.palmapi_key)]).toEqual(['sk-chat', 'AIza-palm']);
    expect((await repo.serviceKeys(id)).map(({ service, sealed_key }) => [service, current.decrypt(sealed_key)])).toEqual([['claude', 'sk-ant-claude']]);
    // Already current: nothing more to do.
    expect(await resealSavedKeys(db, rotating)).toBe(0);
  });
});
