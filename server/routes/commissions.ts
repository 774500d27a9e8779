import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMISSION_STATUSES } from '../../common/constants/leads.ts';
import { commissionSchema } from '../../common/schemas/lead.ts';
import type { AppContext } from '../app.ts';
import { csvField, listCommissions, markCommissionPaid } from '../services/commissions.ts';
import { commissionSummary } from '../services/stats.ts';

const page = { limit: z.coerce.number().int().min(1).max(200).default(100), offset: z.coerce.number().int().min(0).default(0) };
const adminFilter = z.object({
  status: z.enum(COMMISSION_STATUSES).optional(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11').optional(),
  ...page,
});

const summarySchema = z.object({
  totalEarned: z.number(),
  pendingAmount: z.number(),
  paidAmount: z.number(),
  thisMonthCommission: z.number(),
  commissionChange: z.number(),
  closedWonValueThisMonth: z.number(),
  tier: z.object({ label: z.string(), percent: z.number(), nextPercent: z.number().nullable(), toNext: z.number().nullable() }),
  avgDaysToClose: z.number().nullable(),
  winRate: z.number().nullable(),
  avgDealSize: z.number(),
  leadsThisMonth: z.number(),
  closesThisMonth: z.number(),
});

/** The member's own commissions and tracker figures; the monthly payout tools for admins. */
export const commissionRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/commissions', { schema: { querystring: z.object(page), response: { 200: z.array(commissionSchema) } } }, async (request) =>
    listCommissions(ctx.db, { partnerId: request.user!.id, ...request.query }),
  );

  app.get('/api/commissions/summary', { schema: { response: { 200: summarySchema } } }, async (request) => commissionSummary(ctx.db, request.user!.id, ctx.now()));

  app.get('/api/admin/commissions', { config: { access: 'admin' }, schema: { querystring: adminFilter, response: { 200: z.array(commissionSchema) } } }, async (request) =>
    listCommissions(ctx.db, request.query),
  );

  app.post(
    '/api/admin/commissions/:id/pay',
    { config: { access: 'admin' }, schema: { params: z.object({ id: z.uuid('Commission not found.') }), response: { 200: z.object({ id: z.string(), status: z.string(), paidAt: z.string() }) } } },
    async (request) => {
      const paid = await markCommissionPaid(ctx.db, request.user!.id, request.params.id, ctx.now());
      return { id: paid.id, status: paid.status, paidAt: paid.paidAt!.toISOString() };
    },
  );

  app.get(
    '/api/admin/commissions.csv',
    { config: { access: 'admin' }, schema: { querystring: adminFilter.omit({ limit: true, offset: true }) } },
    async (request, reply) => {
      const rows = await listCommissions(ctx.db, { ...request.query, limit: 100_000, offset: 0 });
      const header = ['Commission ID', 'Partner', 'Partner ID', 'Company', 'Industry', 'Lead type', 'Deal value (GBP)', 'Rate', 'Amount (GBP)', 'Status', 'Created', 'Paid'];
      const lines = rows.map((r) =>
        [r.id, r.partnerName, r.partnerId, r.leadDetails.companyName, r.leadDetails.industry, r.leadDetails.leadType, r.leadDetails.estimatedValue, r.rate, r.amount, r.status, r.createdAt, r.paidAt ?? '']
          .map((v) => csvField(String(v)))
          .join(','),
      );
      const name = `commissions-${request.query.month ?? 'all'}${request.query.status ? `-${request.query.status}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(`${[header.join(','), ...lines].join('\r\n')}\r\n`);
    },
  );
};
