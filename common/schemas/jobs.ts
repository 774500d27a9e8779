import { z } from 'zod';

/** One queue of background work and how many of its jobs wait, run, wait to retry, failed and completed (kept ones). */
export const jobQueueCountsSchema = z.object({
  name: z.string(),
  queued: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  retry: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
});
export type JobQueueCounts = z.infer<typeof jobQueueCountsSchema>;

/** A job that used up its tries: its queue, the last error, how many times it ran and when it failed. */
export const failedJobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  error: z.string(),
  attempts: z.number().int().positive(),
  failedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** How many failed jobs the System tab lists, newest first. */
export const FAILED_JOBS_SHOWN = 50;

/** The System tab's view of the background work: every queue's counts and the most recent failed jobs. */
export const jobsOverviewSchema = z.object({
  queues: z.array(jobQueueCountsSchema),
  failed: z.array(failedJobSchema).max(FAILED_JOBS_SHOWN),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const JOB_MESSAGES = {
  notFound: 'There is no failed job with this id.',
} as const;

/** A job named in the address (`/api/admin/jobs/{id}/retry`); a malformed id is no such job. */
export const jobParamsSchema = z.object({ id: z.uuid(JOB_MESSAGES.notFound) });

/** The answer to a retry: the job, back in its queue. */
export const retriedJobSchema = z.object({ id: z.uuid(), name: z.string() });
export type RetriedJob = z.infer<typeof retriedJobSchema>;
