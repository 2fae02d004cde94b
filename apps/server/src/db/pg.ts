import { createRequire } from 'node:module';
import type * as Pg from 'pg';

const require = createRequire(import.meta.url);

/**
 * The PostgreSQL client library, loaded when PostgreSQL is first used (DATABASE_URL) instead of at
 * start: a process on the embedded SQLite never holds it. Synchronous, as the database is made.
 */
export function loadPg(): typeof Pg {
  return require('pg') as typeof Pg;
}
