import type { Db } from './client.ts';

/** Anything Drizzle can prepare: a query builder with `.prepare(name)`. */
interface Preparable<P> {
  prepare(name: string): P;
}

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot-path query built and prepared once per database handle, then executed with placeholders: Drizzle skips
 * building the SQL on every request and PostgreSQL skips parsing and planning it on every execution. `name`
 * must identify the query's text (it is the server-side statement name on every pooled connection).
 */
export function prepared<P>(db: Db, name: string, build: () => Preparable<P>): P {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as P | undefined;
  if (!statement) byName.set(name, (statement = build().prepare(name)));
  return statement;
}

const builtStatements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query whose SQL is built once per database handle, then executed with placeholders as PostgreSQL's unnamed
 * statement (the empty name): Drizzle skips building its text on every request, and PostgreSQL still plans it for
 * each execution's own values, where a named statement would settle on one generic plan after five executions. For
 * statements whose best plan depends on the values (a search text's patterns). `key` must identify the query's text.
 */
export function builtOnce<P>(db: Db, key: string, build: () => Preparable<P>): P {
  let byKey = builtStatements.get(db);
  if (!byKey) builtStatements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as P | undefined;
  if (!statement) byKey.set(key, (statement = build().prepare('')));
  return statement;
}
