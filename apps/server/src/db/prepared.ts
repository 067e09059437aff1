import type { Executor } from './client.ts';

const cache = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle. Hot paths (token lookup, user
 * info, menus) run on every request: preparing skips Drizzle's query building and lets
 * PostgreSQL reuse the plan.
 */
export function preparedFor<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
