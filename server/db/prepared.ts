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
