import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { JOB_SCHEMA } from '../../server/jobs/queue.ts';
import { openTestDatabase } from '../helpers/app.ts';
import { childEnv, exitOf, repoRoot } from '../helpers/processes.ts';

/**
 * A job survives its worker being killed: one process sends a job and is SIGKILLed while the job's handler runs;
 * a new process on the same database (the same data directory when embedded) finds the job lost once its
 * expiry has passed, puts it back to retry, and works it to completion — once more, not twice more. The worker
 * processes are tests/helpers/job-process.ts with its test-only kind `test.hang-once`.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let dataDir: string | undefined;
let url: string | undefined;
let drop: (() => Promise<void>) | undefined;
const runLog = join(mkdtempSync(join(tmpdir(), 'cp-jobs-')), 'runs.log');
const children: ChildProcess[] = [];

interface Worker {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first reported event of this name. */
  event: (name: string, timeoutMs: number) => Promise<Record<string, unknown>>;
}

/** Starts a worker process on the test's database, collecting its JSON reports. */
function startWorker(mode: 'send-and-hang' | 'work'): Worker {
  const env = childEnv({ RUN_LOG: runLog, NODE_ENV: 'test', ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir! }) });
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/job-process.ts', mode], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  const events: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    out += d;
    for (const line of d.toString().split('\n')) {
      if (!line.startsWith('{')) continue;
      events.push(JSON.parse(line) as Record<string, unknown>);
      waiters.splice(0).forEach((w) => w());
    }
  });
  child.stderr!.on('data', (d) => (out += d));
  child.on('exit', () => waiters.splice(0).forEach((w) => w()));
  const event = (name: string, timeoutMs: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${name}" from the ${mode} worker in ${timeoutMs} ms:\n${out}`)), timeoutMs);
      const check = () => {
        const found = events.find((e) => e.event === name);
        if (found) {
          clearTimeout(timer);
          return resolve(found);
        }
        if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          return reject(new Error(`the ${mode} worker exited before "${name}":\n${out}`));
        }
        waiters.push(check);
      };
      check();
    });
  return { child, output: () => out, event };
}

/** The job's row as the queue keeps it, read once no worker holds the database. */
async function jobRow(id: string): Promise<{ state: string; retry_count: number } | undefined> {
  const database = await openDatabase({ databaseUrl: url, dataDir: dataDir ?? tmpdir(), poolSize: 1 });
  try {
    const result = (await database.db.execute(sql`select state, retry_count from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}`)) as unknown as {
      rows: { state: string; retry_count: number }[];
    };
    return result.rows[0];
  } finally {
    await database.close();
  }
}

const runs = () => (existsSync(runLog) ? readFileSync(runLog, 'utf8').trim().split('\n') : []);

beforeAll(async () => {
  if (onPostgres) {
    const opened = await openTestDatabase();
    url = opened.url;
    // the workers open it themselves; this process only reads it at the end
    await opened.database.close();
    drop = async () => {
      const again = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir(), poolSize: 1 });
      await again.db.execute(sql.raw(`drop database if exists ${new URL(url!).pathname.slice(1)} with (force)`));
      await again.close();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'cp-jobs-data-'));
  }
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exitOf(child, 5_000).catch(() => {});
    }
  }
  await drop?.();
});

describe(`a job whose worker is killed mid-run (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('is put back once it expires and worked to completion by the next process', async () => {
    const first = startWorker('send-and-hang');
    const sent = await first.event('sent', 120_000);
    const started = await first.event('started', 30_000);
    expect(started).toMatchObject({ id: sent.id, retryCount: 0 });

    first.child.kill('SIGKILL');
    expect((await exitOf(first.child, 10_000)).signal).toBe('SIGKILL');
    expect(runs()).toEqual([`${sent.id} 0 send-and-hang`]);

    const second = startWorker('work');
    const again = await second.event('started', 90_000);
    // the lost run counts as a try: the job comes back as its first retry, not as a new job
    expect(again).toMatchObject({ id: sent.id, retryCount: 1 });
    expect(await second.event('completed', 30_000)).toMatchObject({ id: sent.id });
    expect((await exitOf(second.child, 15_000)).code).toBe(0);

    expect(runs()).toEqual([`${sent.id} 0 send-and-hang`, `${sent.id} 1 work`]);
    expect(await jobRow(String(sent.id))).toEqual({ state: 'completed', retry_count: 1 });
  }, 240_000);
});
