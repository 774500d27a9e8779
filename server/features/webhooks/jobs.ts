import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { deliver, DELIVERY_RETRY } from './delivery.ts';
import { DELIVER_JOB, useWebhookQueue } from './fan-out.ts';

/** The webhook feature's background work: one attempt per `webhook.deliver` job, retried for about a day. */
export function webhookJobs(ctx: AppContext, log: FastifyBaseLogger): JobKind[] {
  useWebhookQueue(ctx.jobs);
  const deliverJob: JobKind<{ deliveryId: string }> = {
    name: DELIVER_JOB,
    ...DELIVERY_RETRY,
    // an attempt takes at most 10 s; a job running far longer was lost with its worker
    expireInSeconds: 120,
    handler: (data, job) => deliver({ db: ctx.db, config: ctx.config, now: ctx.now, mailer: ctx.mailer, log, jobs: ctx.jobs }, data.deliveryId, job),
  };
  return [deliverJob as unknown as JobKind];
}
