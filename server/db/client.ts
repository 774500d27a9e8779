import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ensureQueueSchema } from '../jobs/queue.ts';
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

/** The extensions every embedded database loads: the searches' trigram indexes need pg_trgm (migration 0029). */
export const pgliteExtensions = { pg_trgm };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Quick reachability check for /api/health. */
  ping(): Promise<boolean>;
  /**
   * Subscribes to a NOTIFY channel: every instance on the same database hears what any of them (or a trigger)
   * announces. Resolves to the function that unsubscribes.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding a database-wide lock on `key`, so that of several instances starting on one database
   * only one does it at a time (PostgreSQL: a session advisory lock on a connection of its own; the embedded
   * database has one process and needs none).
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  message(payload: string): void;
  /** Delivery is live: from here on every message arrives (called once subscribed, and after each reconnection). */
  up(): void;
  /** The listening connection was lost: messages may be missed until the next `up`. */
  down(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

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
    const url = opts.databaseUrl;
    // JIT compilation off (docs/decisions/0048-no-jit.md): the planner's cost of a statement with a correlated
    // subquery over a set-returning function reaches the JIT threshold though it reads a few rows, and compiling took
    // 450 ms of a 4 ms read
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, options: '-c jit=off' });
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
      listen: async (channel, handlers) => listenOnPostgres(url, channel, handlers),
      exclusive: async (key, work) => {
        // its own connection, not one of the pool's: the work itself may need every connection of a small pool
        const holder = new pg.Client({ connectionString: url });
        await holder.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [key]);
          return await work();
        } finally {
          await holder.end().catch(() => {});
        }
      },
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
    listen: async (channel, handlers) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      // one process, one database: a notification reaches the callback as its transaction commits
      const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
      handlers.up();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    exclusive: (_key, work) => work(),
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection is reported
 * with `down` and retried with back-off; `up` follows each successful LISTEN.
 */
function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): () => Promise<void> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 100;
  const connect = async () => {
    retry = null;
    const client = new pg.Client({ connectionString });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      if (stopped) return;
      handlers.down();
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 5_000);
    };
    client.on('notification', (m) => {
      if (m.channel === channel) handlers.message(m.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (stopped) return void (await client.end().catch(() => {}));
      delay = 100;
      handlers.up();
    } catch {
      client.end().catch(() => {});
      onLost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await current?.end().catch(() => {});
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
    const client = new PGlite(dir, { extensions: pgliteExtensions });
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

/** The advisory lock key instances take while migrating: any fixed number no other lock of the product uses. */
export const MIGRATION_LOCK_KEY = 7_340_001;

/**
 * Applies the committed migrations and the reference data; safe to run at every start, and by several instances
 * starting at once on one database: each waits for the one migrating, then finds nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusive(MIGRATION_LOCK_KEY, async () => {
    if (database.kind === 'postgres') {
      await migratePg(database.db as never, { migrationsFolder });
    } else {
      await migratePglite(database.db as never, { migrationsFolder });
    }
    await seedReferenceData(database.db);
    // the job queue's own tables (pg-boss's schema), so every instance and every test copy starts with them
    await ensureQueueSchema(database);
  });
}
