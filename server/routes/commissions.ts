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
  type Commission,
} from '../../common/schemas/commission.ts';
import type { AppContext } from '../app.ts';
import { commissionScope } from '../policies/commissions.ts';
import { csvField } from '../lib/csv.ts';
import { allCommissions, listCommissions, markCommissionPaid, owedCommissions } from '../services/commissions.ts';
import { commissionSummary } from '../services/stats.ts';

const CSV_HEADER = [
  'Commission ID',
  'Partner',
  'Partner ID',
  'Company',
  'Industry',
  'Lead type',
  'Value earned on (GBP)',
  'Rate',
  'Amount (GBP)',
  'Status',
  'Created',
  'Paid',
  'Earned on',
  'Month',
  'Basis (GBP)',
];

/** What a payout line was earned on, in words: the deal's estimate, a week of approved time, or a correction of one. */
function earnedOn(r: Commission): string {
  const week = r.timesheet ? ` (week starting ${r.timesheet.weekStarting})` : '';
  if (r.kind === 'time') return `Approved time${week}`;
  if (r.kind === 'adjustment') return `Time correction${week}`;
  return 'Closed won';
}

/** The member's own commissions and tracker figures; the monthly payout tools for admins. */
export const commissionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/commissions', { schema: { querystring: commissionQuerySchema, response: { 200: commissionPageSchema } } }, async (request) => {
      const actor = request.user!;
      const { items, total } = await listCommissions(ctx.db, actor, commissionScope(actor, 'own'), request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    });

    app.get('/api/commissions/summary', { schema: { response: { 200: commissionSummarySchema } } }, async (request) =>
      commissionSummary(ctx.db, request.user!.id, ctx.now()),
    );

    app.get(
      '/api/admin/commissions',
      { config: { access: 'admin' }, schema: { querystring: adminCommissionQuerySchema, response: { 200: adminCommissionPageSchema } } },
      async (request) => {
        const actor = request.user!;
        const scope = commissionScope(actor, 'all');
        const [{ items, total }, owed] = await Promise.all([listCommissions(ctx.db, actor, scope, request.query), owedCommissions(ctx.db, scope)]);
        return { items, total, page: request.query.page, pageSize: request.query.pageSize, owed };
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

    app.get('/api/admin/commissions.csv', { config: { access: 'admin' }, schema: { querystring: commissionFilterSchema } }, async (request, reply) => {
      const actor = request.user!;
      const lines = [CSV_HEADER.join(',')];
      for await (const r of allCommissions(ctx.db, actor, commissionScope(actor, 'all'), request.query)) {
        const fields = [
          r.id,
          r.partnerName,
          r.partnerId,
          r.leadDetails.companyName,
          r.leadDetails.industry,
          r.leadDetails.leadType,
          // what the rate was applied to: the deal's value when it closed, a week's gross profit for time
          r.kind === 'closed_won' ? r.leadDetails.estimatedValue : r.basis,
          r.rate,
          r.amount,
          r.status,
          r.createdAt,
          r.paidAt ?? '',
          earnedOn(r),
          r.month,
          r.basis,
        ];
        lines.push(fields.map((v) => csvField(String(v))).join(','));
      }
      const name = `commissions-${request.query.month ?? 'all'}${request.query.status ? `-${request.query.status}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(`${lines.join('\r\n')}\r\n`);
    });
  };
