import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOB_MESSAGES, jobParamsSchema, jobsOverviewSchema, retriedJobSchema } from '../../common/schemas/jobs.ts';
import type { AppContext } from '../app.ts';
import { sendError } from '../plugins/errors.ts';
import { jobsOverview, retryFailedJob } from '../services/job-admin.ts';

/** The background work, for administrators: each queue's counts, the failed jobs, and retrying one of them. */
export const adminJobRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/jobs', { config: { access: 'admin' }, schema: { response: { 200: jobsOverviewSchema } } }, async () => jobsOverview(ctx.jobs));

    app.post(
      '/api/admin/jobs/:id/retry',
      { config: { access: 'admin' }, schema: { params: jobParamsSchema, response: { 200: retriedJobSchema } } },
      async (request, reply) => {
        const retried = await retryFailedJob(ctx.db, ctx.jobs, request.user!.id, request.params.id, ctx.now());
        if (!retried) return sendError(reply, 'not_found', JOB_MESSAGES.notFound);
        return retried;
      },
    );
  };
