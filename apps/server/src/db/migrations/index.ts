import type { Migration } from 'kysely/migration';
import * as core from './001-core.ts';
import * as sharesContacts from './002-shares-contacts.ts';
import * as subscriptions from './003-subscriptions.ts';
import * as batchRuns from './004-batch-runs.ts';
import * as oneRunningBatch from './005-one-running-batch.ts';
import * as costsAndVotes from './006-costs-and-votes.ts';
import * as runItemSettings from './007-run-item-settings.ts';
import * as runBlindOrder from './008-run-blind-order.ts';
import * as runClientAddress from './009-run-client-address.ts';
import * as storageProbe from './010-storage-probe.ts';
import * as logSides from './011-log-sides.ts';
import * as runSides from './012-run-sides.ts';
import * as subscriptionKeys from './013-subscription-keys.ts';
import * as logConversations from './014-log-conversations.ts';
import * as turnChoices from './015-turn-choices.ts';
import * as blindConversations from './016-blind-conversations.ts';
import * as sideColumns from './017-side-columns.ts';
import * as blindOrderSides from './018-blind-order-sides.ts';
import * as runSettingsSides from './019-run-settings-sides.ts';

/** Numbered migrations, applied in name order at start. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '001-core': core,
  '002-shares-contacts': sharesContacts,
  '003-subscriptions': subscriptions,
  '004-batch-runs': batchRuns,
  '005-one-running-batch': oneRunningBatch,
  '006-costs-and-votes': costsAndVotes,
  '007-run-item-settings': runItemSettings,
  '008-run-blind-order': runBlindOrder,
  '009-run-client-address': runClientAddress,
  '010-storage-probe': storageProbe,
  '011-log-sides': logSides,
  '012-run-sides': runSides,
  '013-subscription-keys': subscriptionKeys,
  '014-log-conversations': logConversations,
  '015-turn-choices': turnChoices,
  '016-blind-conversations': blindConversations,
  '017-side-columns': sideColumns,
  '018-blind-order-sides': blindOrderSides,
  '019-run-settings-sides': runSettingsSides,
};
