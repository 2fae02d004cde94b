import { createTestSchema, type TestSchema } from './postgres-schema.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export const DATABASES = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASES)[number];

export interface ServerOnDatabase {
  server: TestServer;
  /** The PostgreSQL schema, when on PostgreSQL. */
  schema: TestSchema | undefined;
  /** DATABASE_URL's application_name on PostgreSQL: how a test finds the server's connections. */
  applicationName: string;
  close(): Promise<void>;
}

/** A test server on SQLite (its own folder) or on a fresh PostgreSQL schema, dropped on close. */
export async function startServerOn(kind: DatabaseKind, env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<ServerOnDatabase> {
  const schema = kind === 'postgres' ? await createTestSchema('pp_both') : undefined;
  const applicationName = schema ? `promptpair_${schema.name}` : '';
  let databaseEnv: Record<string, string> = {};
  if (schema) {
    const url = new URL(schema.url);
    url.searchParams.set('application_name', applicationName);
    databaseEnv = { DATABASE_URL: url.toString() };
  }
  const server = await startTestServer({ ...databaseEnv, ...env }, options);
  return {
    server,
    schema,
    applicationName,
    async close() {
      await server.close();
      await schema?.drop();
    },
  };
}
