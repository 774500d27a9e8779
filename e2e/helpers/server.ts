import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { createOperatorAccount } from '../../server/services/accounts.ts';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const MIGRATIONS = join(import.meta.dirname, '../../server/db/migrations');

/**
 * An embedded database with every migration applied and nothing else, made once per set of migrations and kept
 * in the temporary directory: each server's database starts as a copy of it, instead of creating and migrating a
 * new one (the slowest part of a journey's start).
 */
async function migratedTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS).sort()) if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  const dir = join(tmpdir(), `cp-e2e-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, 'db'))) return dir;
  const building = mkdtempSync(join(tmpdir(), 'cp-e2e-template-building-'));
  const database = await openDatabase({ dataDir: building });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  // another run may have finished one meanwhile: either copy is the same
  if (existsSync(join(dir, 'db'))) rmSync(building, { recursive: true, force: true });
  else renameSync(building, dir);
  return dir;
}

/** What a journey's seed gets: the new database, open, and the accounts just created in it. */
export interface SeedContext {
  db: Db;
  /** An account created for the journey, by its username, as the factories take it. */
  account(username: string): Promise<{ id: string; role: string; accountStatus: string; isActive: boolean }>;
}

interface Account {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  expertise?: string[];
}

/**
 * Starts the production server (the built client in dist/web) on a fresh embedded database, a copy of the migrated
 * template with the accounts a journey needs created as the operator's create-user command creates them, and waits
 * until /api/health answers.
 */
export async function startServer(
  opts: {
    admins?: Account[];
    partners?: Account[];
    /** Master-admins: the only administrators who change the organisation's security settings. */
    masterAdmins?: Account[];
    env?: NodeJS.ProcessEnv;
    /** Fills the database once the accounts exist and before the server opens it (the embedded database takes one process at a time). */
    seed?: (ctx: SeedContext) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  cpSync(join(await migratedTemplate(), 'db'), join(dataDir, 'db'), { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...opts.env };
  delete env.DATABASE_URL;
  const accounts = [
    ...(opts.masterAdmins ?? []).map((a) => ({ ...a, role: 'master-admin' as const })),
    ...(opts.admins ?? []).map((a) => ({ ...a, role: 'admin' as const })),
    ...(opts.partners ?? []).map((p) => ({ ...p, role: 'partner' as const })),
  ];
  if (accounts.length || opts.seed) {
    const database = await openDatabase({ dataDir });
    try {
      for (const a of accounts) {
        await createOperatorAccount(database.db, {
          ...a,
          firstName: a.firstName ?? 'Ada',
          lastName: a.lastName ?? (a.role === 'partner' ? 'Partner' : 'Admin'),
        });
      }
      await opts.seed?.({
        db: database.db,
        account: async (username) => {
          const [u] = await database.db
            .select({ id: users.id, role: users.role, accountStatus: users.accountStatus, isActive: users.isActive })
            .from(users)
            .where(eq(users.username, username));
          if (!u) throw new Error(`no account ${username} was created for this journey`);
          return u;
        },
      });
    } finally {
      await database.close();
    }
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    env,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
