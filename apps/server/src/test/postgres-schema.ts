import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The local PostgreSQL of the project's machines (trust auth, database `test`). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestSchema {
  name: string;
  /** DATABASE_URL whose connections work in this schema. */
  url: string;
  /** An admin connection for checks; queries name the schema themselves. */
  admin: pg.Client;
  drop(): Promise<void>;
}

/** A fresh schema for one test file, dropped after: runs on one database never see each other. */
export async function createTestSchema(prefix: string): Promise<TestSchema> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  const url = new URL(ADMIN_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await admin.end();
    },
  };
}
