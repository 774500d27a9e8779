import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingApplicationSchema } from '../../common/schemas/applications.ts';
import { pageOf } from '../../common/schemas/page.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { client, parseOk } from '../helpers/client.ts';
import { childEnv, exitOf, runTs, type RunResult } from '../helpers/processes.ts';

/**
 * The operator CLI (server/cli.ts) as it is run: a child process on the embedded database in DATA_DIR.
 * The first run creates the database (several seconds); later runs reopen it.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'cp-cli-'));
const env = childEnv({ DATA_DIR: dataDir });
const cli = (args: string[], e: NodeJS.ProcessEnv = env) => runTs('server/cli.ts', args, e);
const ADMIN = { username: 'ops.admin', email: 'ops.admin@example.com', password: 'Sup3r-Secret-Pass' };
const createArgs = (o: Partial<typeof ADMIN> & { role?: string } = {}) => [
  'create-user',
  '--role',
  o.role ?? 'admin',
  '--username',
  o.username ?? ADMIN.username,
  '--email',
  o.email ?? ADMIN.email,
  '--password',
  o.password ?? ADMIN.password,
];

let created: RunResult;
beforeAll(async () => {
  created = await cli([...createArgs(), '--first-name', 'Olive', '--last-name', 'Operator', '--expertise', 'Board Advisory, Fundraising,,Board Advisory']);
}, 180_000);

describe('create-user', () => {
  it('creates an approved admin and exits 0 without printing the password', () => {
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created admin "ops\.admin" <ops\.admin@example\.com> \(id [0-9a-f-]{36}\), approved and active\./);
    expect(created.stdout).not.toContain(ADMIN.password);
  });

  it('refuses a duplicate username with a non-zero exit and a clear message', async () => {
    const res = await cli(createArgs({ email: 'someone.else@example.com' }));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('This username is already taken.');
    expect(res.stdout).toBe('');
  }, 60_000);

  it('refuses a duplicate e-mail address, whatever its case', async () => {
    const res = await cli(createArgs({ username: 'another.admin', email: ADMIN.email.toUpperCase() }));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('An account with this email already exists.');
  }, 60_000);

  it('the admin it created can sign in to the app and reach admin routes', async () => {
    const config = { ...loadConfig(env), logLevel: 'silent' as const };
    const database = await openDatabase({ dataDir: config.dataDir });
    const app = await buildApp({ config, database, logger: false });
    try {
      const res = await client(app).post('/api/auth/login', { body: { username: ADMIN.username, password: ADMIN.password } });
      const { user } = parseOk(userEnvelopeSchema, res, 200, 'sign-in');
      expect(user).toMatchObject({ role: 'admin', accountStatus: 'approved', isActive: true, firstName: 'Olive', lastName: 'Operator' });
      expect(user.expertise).toEqual(['Board Advisory', 'Fundraising']);
      const cookie = `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}`;
      const pending = await client(app, cookie).getOk(pageOf(pendingApplicationSchema), '/api/admin/pending-applications');
      expect(pending).toMatchObject({ items: [], total: 0 });
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

describe('bad invocations', () => {
  // none of these may open (or create) a database
  const untouched = mkdtempSync(join(tmpdir(), 'cp-cli-untouched-'));
  const envUntouched = childEnv({ DATA_DIR: untouched });

  it.each<[string, string[], RegExp]>([
    ['missing flags', ['create-user', '--role', 'admin'], /--username: is required[\s\S]*Usage:/],
    ['a role that does not exist', createArgs({ role: 'superuser' }), /--role must be one of admin, master-admin, partner[\s\S]*Usage:/],
    ['a short password', createArgs({ password: 'short' }), /--password must be at least 8 characters/],
    ['a bad e-mail address', createArgs({ email: 'not-an-email' }), /Invalid email address/],
    ['a username with spaces', createArgs({ username: 'a b c' }), /--username may contain only/],
    ['an unknown flag', [...createArgs(), '--admin-forever'], /Unknown option[\s\S]*Usage:/i],
    ['an unknown command', ['drop-everything'], /Unknown command "drop-everything"[\s\S]*Usage:/],
    ['no command', [], /Usage:/],
  ])(
    '%s exits non-zero with usage',
    async (_name, args, message) => {
      const res = await cli(args, envUntouched);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(message);
      expect(existsSync(join(untouched, 'db'))).toBe(false);
    },
    60_000,
  );
});

describe('while another process holds the database', () => {
  let holder: ChildProcess;
  afterAll(async () => {
    if (holder && holder.exitCode === null) {
      holder.kill('SIGTERM');
      await exitOf(holder, 5000).catch(() => {});
    }
  });

  it('refuses with a message saying the database is in use, and leaves the lock alone', async () => {
    holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    const lock = join(dataDir, 'db.lock');
    writeFileSync(lock, String(holder.pid));
    const res = await cli(createArgs({ username: 'blocked.admin', email: 'blocked@example.com' }));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/in use by another process \(pid \d+\)/);
    expect(res.stderr).toContain(String(holder.pid));
    expect(existsSync(lock)).toBe(true);
  }, 60_000);

  it('a lock left by a process that is gone does not block it', async () => {
    holder.kill('SIGTERM');
    await exitOf(holder, 5000);
    const res = await cli(createArgs({ role: 'partner', username: 'after.lock', email: 'after.lock@example.com' }));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
  }, 60_000);
});
