import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** Runs an operator command (`npm run cli -- …`) against the server's data directory; the server must be stopped. */
export function cli(env: NodeJS.ProcessEnv, args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${res.stderr}`);
  return res.stdout;
}

/**
 * Starts the production server (the built client in dist/web) on a fresh embedded database, after creating
 * the accounts a journey needs with the CLI, and waits until /api/health answers.
 */
interface Account {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  expertise?: string[];
}

export async function startServer(
  opts: {
    admins?: Account[];
    partners?: Account[];
    /** Master-admins: the only administrators who change the organisation's security settings. */
    masterAdmins?: Account[];
    env?: NodeJS.ProcessEnv;
    /** Fills the database once the accounts exist and before the server opens it (the embedded database takes one process at a time). */
    seed?: (env: NodeJS.ProcessEnv) => Promise<void>;
  } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...opts.env };
  delete env.DATABASE_URL;
  const accounts = [
    ...(opts.masterAdmins ?? []).map((a) => ({ ...a, role: 'master-admin' })),
    ...(opts.admins ?? []).map((a) => ({ ...a, role: 'admin' })),
    ...(opts.partners ?? []).map((p) => ({ ...p, role: 'partner' })),
  ];
  for (const a of accounts) {
    cli(env, [
      'create-user',
      '--role',
      a.role,
      '--username',
      a.username,
      '--email',
      a.email,
      '--password',
      a.password,
      '--first-name',
      a.firstName ?? 'Ada',
      '--last-name',
      a.lastName ?? (a.role === 'partner' ? 'Partner' : 'Admin'),
      ...(a.expertise?.length ? ['--expertise', a.expertise.join(',')] : []),
    ]);
  }
  await opts.seed?.(env);
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
