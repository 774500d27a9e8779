import { sql } from 'drizzle-orm';
import { FAILED_JOBS_SHOWN, type JobsOverview, type RetriedJob } from '../../common/schemas/jobs.ts';
import type { Db } from '../db/client.ts';
import { JOB_SCHEMA, type JobQueue } from '../jobs/queue.ts';
import { recordAudit } from './audit.ts';

/** The System tab's view of the background work: every queue's counts and the most recent failed jobs. */
export async function jobsOverview(jobs: JobQueue): Promise<JobsOverview> {
  const [queues, failed] = await Promise.all([jobs.counts(), jobs.failed(FAILED_JOBS_SHOWN)]);
  return { queues: queues.filter((q) => !internal(q.name)), failed: failed.filter((j) => !internal(j.name)) };
}

/** The queue library's own queues (the one that sends scheduled jobs): its business, not the product's work. */
const internal = (name: string) => name.startsWith('__pgboss__');

/**
 * Puts a failed job back in its queue for another run, and audits who did it with the job's queue and last error.
 * Null when there is no such failed job (never one, already retried, or not failed).
 */
export async function retryFailedJob(db: Db, jobs: JobQueue, actorId: string, id: string, at: Date): Promise<RetriedJob | null> {
  const found = (await db.execute(
    sql`select name, output ->> 'message' as error, retry_count from ${sql.raw(JOB_SCHEMA)}.job where id = ${id} and state = 'failed'`,
  )) as unknown as { rows: { name: string; error: string | null; retry_count: number }[] };
  const job = found.rows[0];
  if (!job || !(await jobs.retry(id))) return null;
  await recordAudit(db, {
    actorId,
    action: 'job.retry',
    entityType: 'job',
    entityId: id,
    before: { status: 'failed', error: job.error, attempts: job.retry_count + 1 },
    after: { status: 'retry', queue: job.name },
    at,
  });
  return { id, name: job.name };
}
