import { API_ROUTES, STREAM_CONTENT_TYPE, type TComparisonResponse, type TSession } from '@promptpair/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServerOn, type ServerOnDatabase } from '../../test/both-databases.ts';
import { readEvents, type ReceivedEvent } from '../../test/event-stream-reader.ts';
import { eventually } from '../../test/outage-checks.ts';
import type { TestClient } from '../../test/test-client.ts';

// A comparison whose upstream calls ran but whose log record cannot be written: the visitor gets the
// answers all the same, told they were not saved (logId null, unsaved), in the JSON and the streamed
// form. The free prompt stays spent only when it bought an answer. On PostgreSQL the refusal is a
// trigger raising disk_full (53100), a real storage error over a real connection; on SQLite a
// trigger's RAISE, which is no storage error at all: whatever fails, the answers go out.

const FAILING_SIDES = 'both fail [[all:status=400]]';

async function streamedEvents(client: TestClient, body: unknown): Promise<ReceivedEvent[]> {
  const response = await client.send('POST', API_ROUTES.getChatData, body, { accept: STREAM_CONTENT_TYPE });
  const events: ReceivedEvent[] = [];
  for await (const event of readEvents(response)) events.push(event);
  return events;
}

describe.each(DATABASES)('a comparison whose log cannot be written, on %s', (kind) => {
  let target: ServerOnDatabase;
  let nextIp = 1;
  const visitor = () => target.server.client({ ip: `10.90.0.${nextIp++}` });
  const freeLeft = async (client: TestClient) => (await client.get<TSession>(API_ROUTES.session)).body.freePromptsLeft;
  const logsOf = async () => (await target.server.composed.db.selectFrom('logs').select('id').execute()).length;

  /** Makes writes to `table` fail, as the database would with no room left (PostgreSQL) or with a trigger's refusal (SQLite). */
  async function refuse(table: 'logs' | 'visitors', when: 'INSERT' | 'UPDATE'): Promise<void> {
    const name = `refuse_${table}`;
    if (target.schema) {
      const schema = target.schema.name;
      await target.schema.admin.query(`CREATE OR REPLACE FUNCTION ${schema}.refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
      await target.schema.admin.query(`CREATE TRIGGER ${name} BEFORE ${when} ON ${schema}.${table} FOR EACH ROW EXECUTE FUNCTION ${schema}.refuse()`);
    } else {
      await sql.raw(`CREATE TRIGGER ${name} BEFORE ${when} ON ${table} BEGIN SELECT RAISE(ABORT, 'refused'); END`).execute(target.server.composed.db);
    }
  }
  async function allow(): Promise<void> {
    for (const table of ['logs', 'visitors']) {
      if (target.schema) await target.schema.admin.query(`DROP TRIGGER IF EXISTS refuse_${table} ON ${target.schema.name}.${table}`);
      else await sql.raw(`DROP TRIGGER IF EXISTS refuse_${table}`).execute(target.server.composed.db);
    }
  }

  beforeAll(async () => {
    target = await startServerOn(kind, { RATE_LIMITS: 'off', FREE_PROMPTS_PER_IP: '0' });
  });
  afterEach(allow);
  afterAll(() => target.close());

  it('answers the JSON form with both answers, logId null and unsaved; the free prompt it answered stays spent', async () => {
    const client = visitor();
    const before = await freeLeft(client);
    await refuse('logs', 'INSERT');
    const logs = await logsOf();
    const answer = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: 'answered, not saved', chatGPT: { logOutput: true } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ logId: null, unsaved: true, chatGPT: { errorMsg: null }, palmAPI: { errorMsg: null } });
    expect(answer.body.chatGPT.message).toEqual(expect.any(String));
    expect(answer.body.palmAPI.message).toEqual(expect.any(String));
    expect(await logsOf()).toBe(logs);
    expect(await freeLeft(client)).toBe(before - 1);
  });

  it('streams the answers, then ends with logId null and unsaved', async () => {
    const client = visitor();
    await refuse('logs', 'INSERT');
    const events = await streamedEvents(client, { prompt: 'streamed, not saved' });
    expect(events[0]).toMatchObject({ event: 'start', data: { logId: expect.any(String) } });
    expect(events.filter((e) => e.event === 'done')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ event: 'end', data: { logId: null, unsaved: true } });
    expect(events.some((e) => e.event === 'error')).toBe(false);
  });

  it('gives the free prompt back when neither side answered, as when the log is written', async () => {
    const client = visitor();
    const before = await freeLeft(client);
    await refuse('logs', 'INSERT');
    const answer = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: FAILING_SIDES });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ logId: null, unsaved: true });
    expect(answer.body.chatGPT.errorMsg).toEqual(expect.any(String));
    expect(await freeLeft(client)).toBe(before);
  });

  it.runIf(kind === 'postgres')('gives it back once the database answers again when the refund itself was refused', async () => {
    const client = visitor();
    const before = await freeLeft(client);
    await refuse('logs', 'INSERT');
    // The claim of a first comparison makes the visitor's row (an INSERT); the refund is an UPDATE.
    await refuse('visitors', 'UPDATE');
    const answer = await client.post<TComparisonResponse>(API_ROUTES.getChatData, { prompt: FAILING_SIDES });
    expect(answer.body).toMatchObject({ logId: null, unsaved: true });
    expect(await freeLeft(client)).toBe(before - 1);
    await allow();
    await eventually(() => freeLeft(client), (left) => left === before, 'the refund held back during the outage');
  }, 60_000);
});
