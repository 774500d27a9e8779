import { appendFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';
import { createJobQueue } from '../../server/jobs/queue.ts';

/**
 * A worker process for the queue's restart test (tests/api/job-queue-restart.test.ts), run with
 * `node --import tsx tests/helpers/job-process.ts <send-and-hang|work>` on DATA_DIR (embedded) or DATABASE_URL.
 * It opens and migrates the database, starts the real job queue with one test-only kind, `test.hang-once`, and:
 * - `send-and-hang` sends one job, whose handler then never returns (the test kills the process mid-job);
 * - `work` works what is due and exits once that job has completed.
 * Each run of the handler appends a line `<job id> <retry count> <mode>` to RUN_LOG, and the process reports on
 * stdout as JSON lines.
 */

const HANG_KIND = 'test.hang-once';
/** A job running longer than this is taken as lost. */
const HANG_EXPIRE_SECONDS = 3;

const mode = process.argv[2];
const runLog = process.env.RUN_LOG;
if ((mode !== 'send-and-hang' && mode !== 'work') || !runLog) {
  console.error('usage: RUN_LOG=<file> (DATA_DIR=<dir> | DATABASE_URL=<url>) job-process.ts send-and-hang|work');
  process.exit(2);
}

const report = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);
const quiet = () => {};
const log = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? '.', poolSize: 2 });
await migrateDatabase(database);
const jobs = createJobQueue(database, log, { pollingSeconds: 1, maintenanceSeconds: 1 });
let done: (id: string) => void = () => {};
const finished = new Promise<string>((resolve) => (done = resolve));
jobs.register<{ note: string }>({
  name: HANG_KIND,
  retryLimit: 2,
  retryDelay: 1,
  expireInSeconds: HANG_EXPIRE_SECONDS,
  handler: async (_data, job) => {
    appendFileSync(runLog, `${job.id} ${job.retryCount} ${mode}\n`);
    report({ event: 'started', id: job.id, retryCount: job.retryCount });
    // the first process holds the job until it is killed
    if (mode === 'send-and-hang') await new Promise(() => {});
    setImmediate(() => done(job.id));
  },
});
await jobs.start({ workers: true });
report({ event: 'ready', pid: process.pid });

if (mode === 'send-and-hang') {
  const id = await jobs.send(HANG_KIND, { note: 'held until the process is killed' });
  report({ event: 'sent', id });
} else {
  const id = await finished;
  // the handler returned; the queue then marks the job completed
  for (let i = 0; i < 50; i++) {
    const counts = (await jobs.counts()).find((c) => c.name === HANG_KIND);
    if (counts?.completed) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await jobs.stop();
  await database.close();
  report({ event: 'completed', id });
  process.exit(0);
}
