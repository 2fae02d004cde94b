import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Database } from './database.ts';

const SLOT = '\u0000slot:';

/**
 * A query built and compiled once, run many times with new values: for the queries every
 * comparison makes, where Kysely's building and compiling cost more than SQLite's running.
 * `build` receives placeholders for the named values (marker strings it must only pass through
 * as values, naming each one: the placeholder object has no keys to spread); each run puts the
 * real values where the markers landed in the parameters. A marker that never reaches the
 * parameters (a value the builder inlined) is caught at the first run.
 * Runs on the database or on a transaction, whose SQL is the same.
 */
export function precompile<P extends Record<string, unknown>, R = unknown>(build: (params: P) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  let names: (string | undefined)[] = [];
  const placeholders = new Proxy({} as P, { get: (_target, name) => `${SLOT}${String(name)}` });
  /** The compiled query with these values in its parameters (run by Kysely, or by the SQLite executor: db/sqlite-executor.ts). */
  const bind = (values: P): CompiledQuery<R> => {
    if (!compiled) {
      const first = build(placeholders).compile();
      names = first.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? value.slice(SLOT.length) : undefined));
      const missing = Object.keys(values).filter((name) => !names.includes(name));
      if (missing.length > 0) throw new Error(`precompile: ${missing.join(', ')} never reached the query's parameters`);
      compiled = first;
    }
    const template = compiled;
    const parameters = names.map((name, index) => (name === undefined ? template.parameters[index] : values[name]));
    return { ...template, parameters };
  };
  const run = async (executor: Database, values: P): Promise<QueryResult<R>> => executor.executeQuery(bind(values));
  return Object.assign(run, { bind });
}
