import type { AppContext } from '../app.ts';
import { purgeExpiredSessions } from '../plugins/session.ts';
import { purgeOldFailures } from '../services/login-throttle.ts';
import { purgeOldOutbox } from '../services/outbox.ts';
import type { JobKind } from './queue.ts';

/**
 * Every kind of the product's own scheduled work, on the job queue (server/jobs/queue.ts): one instance runs each
 * scheduled job, a failed one is retried and shown to administrators, and nothing is lost to a restart. Features
 * with jobs of their own (webhook delivery) register them beside these. A notification's e-mail and push start the
 * moment it is announced (services/notification-mail.ts, services/push.ts, each claimed so it goes once); the sweep
 * here is what makes them durable: whatever the announcement missed is sent within the minute.
 */
export function productJobs(ctx: AppContext): JobKind[] {
  return [
    {
      // expired sessions, day-old sign-in failures and outbox rows past their keeping time
      name: 'housekeeping',
      schedule: '0 * * * *',
      retryLimit: 2,
      retryDelay: 60,
      expireInSeconds: 600,
      handler: async () => {
        const now = ctx.now();
        await purgeExpiredSessions(ctx.db, now, ctx.config.session.idleMs);
        await purgeOldFailures(ctx.db, new Date(now.getTime() - 86_400_000));
        await purgeOldOutbox(ctx.db, now);
      },
    },
    {
      // Friday's reminders: a run with nothing due is one query; each placement's week is reminded once
      name: 'timesheets.remind',
      schedule: '*/5 * * * *',
      retryLimit: 2,
      retryDelay: 60,
      expireInSeconds: 600,
      handler: async () => {
        await ctx.timesheetReminders.run();
      },
    },
    {
      // immediate e-mails and pushes the live announcement missed, and the daily digests once their hour has come
      name: 'notifications.sweep',
      schedule: '* * * * *',
      retryLimit: 1,
      retryDelay: 30,
      expireInSeconds: 600,
      handler: async () => {
        await ctx.notificationMail.sweepAndDigest();
        await ctx.push.catchUp();
      },
    },
  ];
}
