import type { Database } from '../db/database.ts';
import { createSubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { Secrets } from '../lib/secrets.ts';

/**
 * After APP_KEY was rotated (APP_KEY_PREVIOUS set), seals every saved key still sealed under the
 * previous key again under the new one, so APP_KEY_PREVIOUS can be dropped after one start.
 * Safe on several instances at once: each writes the same plain keys under the same new key.
 */
export async function resealSavedKeys(db: Database, secrets: Secrets): Promise<number> {
  const subscriptions = createSubscriptionsRepository(db);
  let resealed = 0;
  for (const row of await subscriptions.allSealed()) {
    const chatgptKey = secrets.reseal(row.chatgpt_key);
    const palmapiKey = secrets.reseal(row.palmapi_key);
    if (chatgptKey === null && palmapiKey === null) continue;
    await subscriptions.updateSealed(row.id, { chatgptKey: chatgptKey ?? row.chatgpt_key, palmapiKey: palmapiKey ?? row.palmapi_key });
    resealed += 1;
  }
  for (const row of await subscriptions.allSealedServiceKeys()) {
    const sealed = secrets.reseal(row.sealed_key);
    if (sealed === null) continue;
    await subscriptions.putServiceKey(row.subscription_id, row.service, sealed);
    resealed += 1;
  }
  return resealed;
}
