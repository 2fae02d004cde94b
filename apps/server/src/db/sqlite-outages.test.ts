import { API_ROUTES, type TComparisonResponse, type TSession } from '@promptpair/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOn, type ServerOnDatabase } from '../test/both-databases.ts';
import {
  captureLog, CONTACT, eventually, expectAnsweredUnsaved, expectStorageUnavailable, expectStreamedUnsaved, OUTAGE_BEGAN, OUTAGE_ENDED, OWN_KEYS, readyStatus, streamed, timed,
} from '../test/outage-checks.ts';
import { fullDisk, readOnlyDatabase, type SqliteFault } from '../test/sqlite-faults.ts';
import { sqliteFileIn } from './data-dir.ts';

// SQLite that cannot write, for real where the machine allows (test/sqlite-faults.ts): a full disk
// and an immutable database file. Comparisons still answer (marked unsaved), other writes answer
// 503 storage_unavailable, reads go on, /readyz says not ready; once the fault ends everything
// works again without a restart, and the log holds one line for the start and one for the end.

const UNLIMITED = { RATE_LIMITS: 'off', FREE_PROMPTS: '1000000', FREE_PROMPTS_PER_IP: '0' };
const SUBSCRIPTION = { chatgpt_key: 'sk-outage-subscriber-0001', palmapi_key: 'AIza-outage-subscriber-0002', email: 'outage-subscriber@example.com' };

interface Setup {
  env: Record<string, string>;
  fault: (target: ServerOnDatabase) => SqliteFault;
  close?: () => void;
}

function onFullDisk(): Setup {
  const { dataDir, fault } = fullDisk();
  return { env: { DATA_DIR: dataDir }, fault: () => fault, close: () => fault.close() };
}

function onReadOnlyFile(): Setup {
  let fault: SqliteFault | undefined;
  return {
    env: {},
    fault: (target) => (fault = readOnlyDatabase(sqliteFileIn(target.server.dataDir))),
    close: () => fault?.close(),
  };
}

describe.each([
  ['a full disk', onFullDisk],
  ['a read-only database file', onReadOnlyFile],
])('SQLite on %s', (_name, setUp) => {
  const log = captureLog();
  let setup: Setup;
  let target: ServerOnDatabase;
  let fault: SqliteFault;
  beforeAll(async () => {
    setup = setUp();
    target = await startServerOn('sqlite', { ...UNLIMITED, ...setup.env }, { logStream: log.stream });
    fault = setup.fault(target);
  }, 60_000);
  afterAll(async () => {
    fault.end();
    await target.close();
    setup.close?.();
  });

  it('answers comparisons unsaved and other writes 503 within the timeouts, /readyz follows, and it all comes back on its own', async () => {
    const { server } = target;
    const client = server.client({ browser: true });
    expect((await client.get<TSession>(API_ROUTES.session)).status).toBe(200);
    expect(await readyStatus(client)).toBe(200);
    expect((await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'before', ...OWN_KEYS })).body.logId).toEqual(expect.any(String));

    fault.begin();
    console.info(`SQLite fault made ${fault.how === 'real' ? 'for real' : 'by injected errors'}`);
    // A real full disk may still take a few writes into WAL space SQLite reuses: write until it cannot.
    const prompt = `unsaved ${'x'.repeat(20_000)}`;
    const first = await eventually(() => timed(() => client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt, ...OWN_KEYS })), (answer) => answer.body.logId === null, 'a comparison answered unsaved');
    expectAnsweredUnsaved(first);
    expectAnsweredUnsaved(await timed(() => client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'unsaved again', ...OWN_KEYS })));
    expectStreamedUnsaved(await timed(() => streamed(client, { prompt: 'unsaved, streamed', ...OWN_KEYS })));
    // A free prompt would be claimed first: that write fails, so nothing is called and nothing is spent.
    const calls = server.fake.requests.length;
    expectStorageUnavailable(await timed(() => client.post(API_ROUTES.getChatData, { prompt: 'on the operator' })));
    expect(server.fake.requests.length).toBe(calls);
    expectStorageUnavailable(await timed(() => client.post(API_ROUTES.contactUs, CONTACT)));
    // A transaction (the subscription's save): SQLite rolled it back itself; the real cause answers.
    expectStorageUnavailable(await timed(() => client.post(API_ROUTES.key, SUBSCRIPTION)));
    expect((await timed(() => client.get(API_ROUTES.logDetails))).status).toBe(200);
    await eventually(() => readyStatus(client), (status) => status === 503, '/readyz answering 503');

    fault.end();
    await eventually(() => readyStatus(client), (status) => status === 200, '/readyz answering 200 again');
    const after = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'after' });
    expect(after.status).toBe(200);
    expect(after.body.logId).toEqual(expect.any(String));
    expect((await client.post(API_ROUTES.contactUs, CONTACT)).status).toBe(200);
    expect((await client.post(API_ROUTES.key, SUBSCRIPTION)).status).toBe(200);

    await eventually(async () => log.named(OUTAGE_ENDED).length, (count) => count === 1, 'the line saying the database answers again');
    expect(log.named(OUTAGE_BEGAN)).toHaveLength(1);
    expect(log.named(OUTAGE_BEGAN)[0]).toMatchObject({ level: 40, code: expect.stringMatching(/^SQLITE_(FULL|IOERR|READONLY)/) });
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(log.lines.filter((line) => JSON.stringify(line).includes('cannot rollback'))).toEqual([]);
  }, 60_000);
});
