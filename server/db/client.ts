import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { seedReferenceData } from './seed/reference.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what services receive when they act inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Quick reachability check for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Thrown when the embedded database directory is already open in another process. */
export class DatabaseBusyError extends Error {}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** An already-open PGlite instance (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

/** Opens PostgreSQL through pg when a URL is given, otherwise the embedded PGlite under DATA_DIR/db. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl && !opts.pglite) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server drops (a restart, a terminated backend) emits 'error' on the pool; with
    // no listener that would crash the process. The pool replaces the connection on next use.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: () =>
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: () => pool.end(),
    };
  }
  const opened = opts.pglite ? { client: opts.pglite, release: () => {} } : await openPglite(join(opts.dataDir, 'db'));
  const { client, release } = opened;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * PGlite is one process's database: a lock file with our pid keeps a second process (the CLI while the
 * server runs) from opening the same directory and corrupting it.
 */
async function openPglite(dir: string): Promise<{ client: PGlite; release: () => void }> {
  mkdirSync(dir, { recursive: true });
  const lock = `${dir}.lock`;
  const holder = readLockHolder(lock);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new DatabaseBusyError(
      `The embedded database in ${dir} is in use by another process (pid ${holder}). ` + 'Stop the server first, or point DATABASE_URL at a PostgreSQL server.',
    );
  }
  writeFileSync(lock, String(process.pid));
  const release = () => {
    if (readLockHolder(lock) === process.pid) rmSync(lock, { force: true });
  };
  try {
    const client = new PGlite(dir);
    await client.waitReady;
    return { client, release };
  } catch (err) {
    release();
    throw err;
  }
}

function readLockHolder(lock: string): number | undefined {
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Applies the committed migrations and the reference data; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
  await seedReferenceData(database.db);
}
