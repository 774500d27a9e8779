import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_ACTIONS, reportCreateSchema, reportPageSchema, reportQuerySchema, reportReceiptSchema, reportSchema } from '../../common/schemas/moderation.ts';
import type { AppContext } from '../app.ts';
import { actOnReport, createReport, listReports } from '../services/moderation.ts';

const reportParams = z.object({ id: z.uuid('Report not found.') });

/**
 * Reports and moderation of the community: any member reports a post or comment (not their own); the
 * administrators review the reports and hide, restore or dismiss (server/policies/moderation.ts).
 */
export const moderationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/reports', { schema: { body: reportCreateSchema, response: { 201: reportReceiptSchema } } }, async (request, reply) =>
      reply.code(201).send(await createReport(ctx.db, request.user!, request.body, ctx.now())),
    );

    app.get('/api/admin/reports', { config: { access: 'admin' }, schema: { querystring: reportQuerySchema, response: { 200: reportPageSchema } } }, async (request) =>
      listReports(ctx.db, request.user!, request.query),
    );

    for (const action of REPORT_ACTIONS) {
      app.post(`/api/admin/reports/:id/${action}`, { config: { access: 'admin' }, schema: { params: reportParams, response: { 200: reportSchema } } }, async (request) =>
        actOnReport(ctx.db, request.user!, request.params.id, action, ctx.now()),
      );
    }
  };
