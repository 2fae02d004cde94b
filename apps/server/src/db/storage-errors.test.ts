import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from './storage-errors.ts';

// Which failures mean "the database cannot be used right now" (503 storage_unavailable, logged once
// per outage) and which are a request's or our own fault (4xx, or a 500 worth a stack).

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const sqlite = (code: string) => new SQLite.SqliteError('failed', code);

describe('isStorageUnavailable', () => {
  it.each([
    ['55000', 'database "promptpair" is not currently accepting connections'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['53100', 'could not extend file: No space left on device'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['57014', 'canceling statement due to statement timeout'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
  ])('PostgreSQL and its connection: %s', (code, message) => {
    expect(isStorageUnavailable(coded(code, message))).toBe(true);
  });

  it.each(['Connection terminated unexpectedly', 'Connection terminated due to connection timeout', 'timeout exceeded when trying to connect', 'Query read timeout'])(
    'node-postgres without a code: %s',
    (message) => expect(isStorageUnavailable(new Error(message))).toBe(true),
  );

  it.each(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_CANTOPEN'])(
    'SQLite: %s',
    (code) => expect(isStorageUnavailable(sqlite(code))).toBe(true),
  );

  it.each([
    ['a unique violation (PostgreSQL)', coded('23505')],
    ['a unique violation (SQLite)', sqlite('SQLITE_CONSTRAINT_UNIQUE')],
    ['a corrupt SQLite file', sqlite('SQLITE_CORRUPT')],
    ['a failed ROLLBACK', sqlite('SQLITE_ERROR')],
    ['a syntax error', coded('42601')],
    ['a plain error', new Error('boom')],
    ['not an error', 'SQLITE_FULL'],
  ])('not %s', (_name, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });
});
