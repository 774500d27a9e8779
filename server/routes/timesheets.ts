import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import {
  placementCreateSchema,
  placementInvitationResultSchema,
  placementInvitationSchema,
  placementPageSchema,
  placementQuerySchema,
  placementSchema,
  placementUpdateSchema,
  timesheetAdjustSchema,
  timesheetApproveSchema,
  timesheetCreateSchema,
  timesheetDetailSchema,
  timesheetExportQuerySchema,
  timesheetPageSchema,
  timesheetQuerySchema,
  timesheetRejectSchema,
  timesheetUpdateSchema,
} from '../../common/schemas/timesheets.ts';
import type { AppContext } from '../app.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { textStream } from '../lib/stream-pages.ts';
import { inviteClient } from '../services/placement-invitations.ts';
import { timesheetCsv, timesheetCsvFilename } from '../services/timesheet-export.ts';
import { createPlacement, listPlacements, updatePlacement } from '../services/placements.ts';
import { adjustTimesheet, approveTimesheet, rejectTimesheet } from '../services/timesheet-decisions.ts';
import { getTimesheet, listTimesheets } from '../services/timesheet-lists.ts';
import { createTimesheet, submitTimesheet, updateTimesheetEntries } from '../services/timesheets.ts';

const placementParams = z.object({ id: z.uuid(M.placementNotFound) });
const sheetParams = z.object({ id: z.uuid(M.notFound) });

/**
 * Placements and timesheets: administrators create and edit placements; a placement's contractor records a week
 * of time and submits it, its client (or an administrator) approves or rejects it. Who may do what is in
 * server/policies/timesheets.ts; placements are in server/services/placements.ts, the contractor's week in
 * server/services/timesheets.ts, the decisions and corrections in server/services/timesheet-decisions.ts.
 */
export const timesheetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/placements', { schema: { querystring: placementQuerySchema, response: { 200: placementPageSchema } } }, async (request) => {
      const q = request.query;
      const { items, total, page, nextCursor, prevCursor } = await listPlacements(ctx.db, request.user!, q);
      return { items, total, page, pageSize: q.pageSize, nextCursor, prevCursor };
    });

    app.post('/api/placements', { config: { access: 'admin' }, schema: { body: placementCreateSchema, response: { 201: placementSchema } } }, async (request, reply) =>
      reply.code(201).send(await createPlacement(ctx.db, request.user!, request.body, ctx.now())),
    );

    app.patch(
      '/api/placements/:id',
      { config: { access: 'admin' }, schema: { params: placementParams, body: placementUpdateSchema, response: { 200: placementSchema } } },
      async (request) => updatePlacement(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );

    app.get(
      '/api/timesheets',
      { config: { tokenScopes: ['timesheets:read'] }, schema: { querystring: timesheetQuerySchema, response: { 200: timesheetPageSchema } } },
      async (request) => {
        const q = request.query;
        const { items, total, page, nextCursor, prevCursor } = await listTimesheets(ctx.db, request.user!, q);
        return { items, total, page, pageSize: q.pageSize, nextCursor, prevCursor };
      },
    );

    app.post('/api/timesheets', { schema: { body: timesheetCreateSchema, response: { 201: timesheetDetailSchema } } }, async (request, reply) =>
      reply.code(201).send(await createTimesheet(ctx.db, request.user!, request.body, ctx.now())),
    );

    app.get(
      '/api/timesheets/:id',
      { config: { tokenScopes: ['timesheets:read'] }, schema: { params: sheetParams, response: { 200: timesheetDetailSchema } } },
      async (request) => getTimesheet(ctx.db, request.user!, request.params.id),
    );

    app.patch('/api/timesheets/:id', { schema: { params: sheetParams, body: timesheetUpdateSchema, response: { 200: timesheetDetailSchema } } }, async (request) =>
      updateTimesheetEntries(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );

    app.post('/api/timesheets/:id/submit', { schema: { params: sheetParams, response: { 200: timesheetDetailSchema } } }, async (request) =>
      submitTimesheet(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.post(
      '/api/timesheets/:id/approve',
      { schema: { params: sheetParams, body: timesheetApproveSchema.optional(), response: { 200: timesheetDetailSchema } } },
      async (request) => approveTimesheet(ctx.db, request.user!, request.params.id, request.body?.comments, ctx.now()),
    );

    app.post('/api/timesheets/:id/reject', { schema: { params: sheetParams, body: timesheetRejectSchema, response: { 200: timesheetDetailSchema } } }, async (request) =>
      rejectTimesheet(ctx.db, request.user!, request.params.id, request.body.comments, ctx.now()),
    );

    app.post(
      '/api/timesheets/:id/adjust',
      { config: { access: 'admin' }, schema: { params: sheetParams, body: timesheetAdjustSchema, response: { 200: timesheetDetailSchema } } },
      async (request) => adjustTimesheet(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );

    // the administrators' CSV of sheets, streamed a page at a time (server/services/timesheet-export.ts)
    app.get(
      '/api/timesheets/export.csv',
      { config: { access: 'admin', tokenScopes: ['timesheets:read'] }, schema: { querystring: timesheetExportQuerySchema } },
      async (request, reply) => {
        const lines = await timesheetCsv(ctx.db, request.user!, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${timesheetCsvFilename(request.query, ctx.now())}"`)
          .send(textStream(lines));
      },
    );

    // an administrator invites a lead's client contact who is not a member yet (server/services/placement-invitations.ts)
    app.post(
      '/api/placements/invitations',
      { config: { access: 'admin' }, schema: { body: placementInvitationSchema, response: { 202: placementInvitationResultSchema } } },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await inviteClient(
              { db: ctx.db, mailer: ctx.mailer, config: ctx.config },
              request.user!,
              request.body,
              mailLinkOrigin(ctx.config.publicUrl, request),
              ctx.now(),
            ),
          ),
    );
  };
