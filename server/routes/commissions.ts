import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCommissionPageSchema,
  adminCommissionQuerySchema,
  commissionFilterSchema,
  commissionPageSchema,
  commissionPaidSchema,
  commissionQuerySchema,
  commissionSummarySchema,
} from '../../common/schemas/commission.ts';
import type { AppContext } from '../app.ts';
import { commissionScope } from '../policies/commissions.ts';
import { textStream } from '../lib/stream-pages.ts';
import { commissionCsv, commissionCsvFilename } from '../services/commission-export.ts';
import { listCommissions, markCommissionPaid, owedCommissions } from '../services/commissions.ts';
import { commissionSummary } from '../services/stats.ts';

/** The member's own commissions and tracker figures; the monthly payout tools for admins. */
export const commissionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/commissions',
      { config: { tokenScopes: ['commissions:read'] }, schema: { querystring: commissionQuerySchema, response: { 200: commissionPageSchema } } },
      async (request) => {
        const actor = request.user!;
        const { items, total, page, nextCursor, prevCursor } = await listCommissions(ctx.db, actor, commissionScope(actor, 'own'), request.query);
        return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
      },
    );

    app.get('/api/commissions/summary', { config: { tokenScopes: ['commissions:read'] }, schema: { response: { 200: commissionSummarySchema } } }, async (request) =>
      commissionSummary(ctx.db, request.user!.id, ctx.now()),
    );

    app.get(
      '/api/admin/commissions',
      {
        config: { access: 'admin', tokenScopes: ['commissions:read'] },
        schema: { querystring: adminCommissionQuerySchema, response: { 200: adminCommissionPageSchema } },
      },
      async (request) => {
        const actor = request.user!;
        const scope = commissionScope(actor, 'all');
        const [{ items, total, page, nextCursor, prevCursor }, owed] = await Promise.all([
          listCommissions(ctx.db, actor, scope, request.query),
          owedCommissions(ctx.db, scope),
        ]);
        return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor, owed };
      },
    );

    app.post(
      '/api/admin/commissions/:id/pay',
      { config: { access: 'admin' }, schema: { params: z.object({ id: z.uuid('Commission not found.') }), response: { 200: commissionPaidSchema } } },
      async (request) => {
        const actor = request.user!;
        const paid = await markCommissionPaid(ctx.db, actor, commissionScope(actor, 'all'), request.params.id, ctx.now());
        return { id: paid.id, status: 'paid' as const, paidAt: paid.paidAt!.toISOString() };
      },
    );

    // the payout CSV, written while it is read, a keyset page at a time (server/services/commission-export.ts)
    app.get('/api/admin/commissions.csv', { config: { access: 'admin' }, schema: { querystring: commissionFilterSchema } }, async (request, reply) => {
      const actor = request.user!;
      const chunks = await commissionCsv(ctx.db, actor, commissionScope(actor, 'all'), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${commissionCsvFilename(request.query)}"`)
        .send(textStream(chunks));
    });
  };
