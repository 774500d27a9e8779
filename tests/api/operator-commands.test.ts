import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../server/db/client.ts';
import { childEnv, runTs, type RunResult } from '../helpers/processes.ts';

/**
 * Operator commands and what they may do: an account made with the CLI has its e-mail address marked verified
 * (an operator vouches for it), and the demo seed refuses a production environment unless forced.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'cp-ops-'));
let created: RunResult;
beforeAll(async () => {
  created = await runTs(
    'server/cli.ts',
    ['create-user', '--role', 'partner', '--username', 'ops.partner', '--email', 'ops.partner@example.com', '--password', 'Ops-Partner-Pass-7'],
    childEnv({ DATA_DIR: dataDir }),
  );
}, 180_000);

/** Reads the embedded database the commands wrote (no command is running now). */
async function query<T>(text: string): Promise<T[]> {
  const db = new PGlite(join(dataDir, 'db'), { extensions: pgliteExtensions });
  try {
    return (await db.query<T>(text)).rows;
  } finally {
    await db.close();
  }
}

describe('create-user', () => {
  it('marks the e-mail address of the account it creates as verified', async () => {
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const rows = await query<{ verified: boolean }>(`select email_verified_at is not null as verified from users where username = 'ops.partner'`);
    expect(rows).toEqual([{ verified: true }]);
  }, 60_000);
});

describe('seed:demo', () => {
  const untouched = mkdtempSync(join(tmpdir(), 'cp-ops-prod-'));

  it('refuses NODE_ENV=production without --force, with a clear message, before opening any database', async () => {
    const res = await runTs('server/db/seed/demo.ts', [], childEnv({ DATA_DIR: untouched, NODE_ENV: 'production' }));
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/Refusing to add demo members with NODE_ENV=production/);
    expect(res.stderr).toMatch(/--force/);
    expect(res.stdout).toBe('');
    expect(existsSync(join(untouched, 'db'))).toBe(false);
  }, 60_000);

  it('runs with --force', async () => {
    const res = await runTs('server/db/seed/demo.ts', ['--force'], childEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Added \d+ demo members/);
  }, 120_000);
});
