import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  duplicateCheckQuery,
  duplicateCheckSchema,
  leadActivityPageSchema,
  leadActivityQuerySchema,
  leadInputSchema,
  leadPageSchema,
  leadQuerySchema,
  leadAssignSchema,
  leadExportQuerySchema,
  leadPatchSchema,
  leadSchema,
  leadWithdrawSchema,
} from '../../common/schemas/lead.ts';
import type { AppContext } from '../app.ts';
import { presentActivity, presentLead } from '../presenters/lead.ts';
import { textStream } from '../lib/stream-pages.ts';
import { leadCsv, leadCsvFilename } from '../services/lead-export.ts';
import {
  assignLead,
  checkDuplicate,
  createLead,
  deleteLead,
  editLead,
  getVisibleLead,
  listActivities,
  listLeads,
  updateLeadStatus,
  withdrawLead,
} from '../services/leads.ts';

const idParams = z.object({ id: z.uuid('Lead not found.') });
const ok = z.object({ ok: z.literal(true) });

/**
 * Leads: partners see their own (and, while it is early, correct or withdraw it), admins see and work all of them.
 * A lead's discussion is in `server/routes/lead-comments.ts`. Each route: access level (onRequest) →
 * validate → load within the actor's scope (404 outside it) → the lead policy's abilities (403) → act → present.
 */
export const leadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/leads', { config: { tokenScopes: ['leads:read'] }, schema: { querystring: leadQuerySchema, response: { 200: leadPageSchema } } }, async (request) => {
      const q = request.query;
      const { rows, total, totalCapped, page, nextCursor, prevCursor } = await listLeads(ctx.db, request.user!, q);
      return {
        items: rows.map((r) => presentLead(request.user!, r, r.submitterName, r.possibleDuplicate)),
        total,
        totalCapped,
        page,
        pageSize: q.pageSize,
        nextCursor,
        prevCursor,
      };
    });

    app.get('/api/leads/duplicate-check', { schema: { querystring: duplicateCheckQuery, response: { 200: duplicateCheckSchema } } }, async (request) =>
      checkDuplicate(ctx.db, request.query.companyName, request.query.contactEmail),
    );

    // every lead the viewer may see, with the list's filters, written while it is read (server/services/lead-export.ts)
    app.get('/api/leads/export.csv', { config: { tokenScopes: ['leads:read'] }, schema: { querystring: leadExportQuerySchema } }, async (request, reply) => {
      const chunks = await leadCsv(ctx.db, request.user!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${leadCsvFilename(request.query)}"`)
        .send(textStream(chunks));
    });

    app.get('/api/leads/:id', { config: { tokenScopes: ['leads:read'] }, schema: { params: idParams, response: { 200: leadSchema } } }, async (request) => {
      const row = await getVisibleLead(ctx.db, request.user!, request.params.id);
      return presentLead(request.user!, row.lead, row.submitterName);
    });

    app.post('/api/leads', { config: { tokenScopes: ['leads:write'] }, schema: { body: leadInputSchema, response: { 201: leadSchema } } }, async (request, reply) => {
      const user = request.user!;
      const lead = await createLead(ctx.db, user, request.body, ctx.now());
      return reply.code(201).send(presentLead(user, lead, `${user.firstName} ${user.lastName}`));
    });

    // a body with `status` is an administrator's status change; any other is the partner's correction of the lead's fields
    app.patch(
      '/api/leads/:id',
      { config: { tokenScopes: ['leads:write'] }, schema: { params: idParams, body: leadPatchSchema, response: { 200: leadSchema } } },
      async (request) => {
        const body = request.body;
        const row =
          'status' in body
            ? await updateLeadStatus(ctx.db, request.user!, request.params.id, body, ctx.now())
            : await editLead(ctx.db, request.user!, request.params.id, body, ctx.now());
        return presentLead(request.user!, row.lead, row.submitterName);
      },
    );

    app.post('/api/leads/:id/withdraw', { schema: { params: idParams, body: leadWithdrawSchema, response: { 200: leadSchema } } }, async (request) => {
      const row = await withdrawLead(ctx.db, request.user!, request.params.id, request.body.reason, ctx.now());
      return presentLead(request.user!, row.lead, row.submitterName);
    });

    app.post(
      '/api/leads/:id/assign',
      { config: { access: 'admin' }, schema: { params: idParams, body: leadAssignSchema, response: { 200: leadSchema } } },
      async (request) => {
        const row = await assignLead(ctx.db, request.user!, request.params.id, request.body.userId, ctx.now());
        return presentLead(request.user!, row.lead, row.submitterName);
      },
    );

    app.delete('/api/leads/:id', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: ok } } }, async (request) => {
      await deleteLead(ctx.db, request.user!, request.params.id, ctx.now());
      return { ok: true as const };
    });

    app.get('/api/lead-activities', { schema: { querystring: leadActivityQuerySchema, response: { 200: leadActivityPageSchema } } }, async (request) => {
      const { leadId, ...page } = request.query;
      const { rows, total } = await listActivities(ctx.db, request.user!, leadId, page);
      return { items: rows.map(presentActivity), total, page: page.page, pageSize: page.pageSize };
    });
  };
