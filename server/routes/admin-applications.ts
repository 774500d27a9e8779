import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationStatsSchema,
  approveApplicationSchema,
  pendingApplicationSchema,
  rejectApplicationSchema,
  updateApplicationSchema,
} from '../../common/schemas/applications.ts';
import { pageOf, pageQuery } from '../../common/schemas/page.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import type { AppContext } from '../app.ts';
import { NO_SECOND_FACTOR, presentApplication, presentCurrentUser } from '../presenters/user.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import {
  applicationStats,
  approveApplication,
  listPendingApplications,
  rejectApplication,
  resendApplicantVerification,
  updateApplication,
} from '../services/applications.ts';

const userIdParams = z.object({ userId: z.uuid('Unknown application') });
const admin = { access: 'admin' as const };

/** Membership application review: admin and master-admin only; what each may do with an application is the application policy's. */
export const adminApplicationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now };

    app.get(
      '/api/admin/pending-applications',
      { config: admin, schema: { querystring: pageQuery(20), response: { 200: pageOf(pendingApplicationSchema) } } },
      async (request) => {
        const { rows, total, page, nextCursor, prevCursor } = await listPendingApplications(ctx.db, request.query);
        return {
          items: rows.map((r) => presentApplication(request.user!, r.application, r.user)),
          total,
          page,
          pageSize: request.query.pageSize,
          nextCursor,
          prevCursor,
        };
      },
    );

    app.get('/api/admin/application-stats', { config: admin, schema: { response: { 200: applicationStatsSchema } } }, async () => applicationStats(ctx.db));

    app.post(
      '/api/admin/update-application/:userId',
      { config: admin, schema: { params: userIdParams, body: updateApplicationSchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (request) => {
        await updateApplication(deps, request.user!, request.params.userId, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/approve-application/:userId',
      { config: admin, schema: { params: userIdParams, body: approveApplicationSchema.nullish(), response: { 200: userEnvelopeSchema } } },
      async (request) => {
        const user = await approveApplication(deps, request.user!, request.params.userId, request.body?.notes);
        return { user: presentCurrentUser(user, NO_SECOND_FACTOR) };
      },
    );

    // the applicant's verification link, mailed again at a reviewer's request (limited and audited in the service)
    app.post(
      '/api/admin/applications/:userId/resend-verification',
      { config: admin, schema: { params: userIdParams, body: z.object({}).strict().nullish(), response: { 200: z.object({ ok: z.literal(true) }) } } },
      async (request) => {
        const origin = mailLinkOrigin(ctx.config.publicUrl, request);
        await resendApplicantVerification({ ...deps, log: request.log }, request.user!, request.params.userId, { origin });
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/reject-application/:userId',
      { config: admin, schema: { params: userIdParams, body: rejectApplicationSchema, response: { 200: userEnvelopeSchema } } },
      async (request) => {
        const { reason, notes } = request.body;
        const user = await rejectApplication(deps, request.user!, request.params.userId, reason, notes);
        return { user: presentCurrentUser(user, NO_SECOND_FACTOR) };
      },
    );
  };
