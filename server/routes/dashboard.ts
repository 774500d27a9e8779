import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardStatsSchema } from '../../common/schemas/lead.ts';
import type { AppContext } from '../app.ts';
import { leadScope } from '../policies/leads.ts';
import { dashboardAnalytics, dashboardStats } from '../services/stats.ts';

const analyticsSchema = z.object({
  totalLeads: z.number(),
  conversionRate: z.number(),
  byStatus: z.record(z.string(), z.number()),
  openPipelineValue: z.number(),
  closedWonValue: z.number(),
  valueByStatus: z.record(z.string(), z.number()),
});

/** Dashboard figures computed in SQL over indexes. */
export const dashboardRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/dashboard-stats', { schema: { response: { 200: dashboardStatsSchema } } }, async (request) => dashboardStats(ctx.db, request.user!.id));
  app.get('/api/analytics/dashboard', { schema: { response: { 200: analyticsSchema } } }, async (request) => dashboardAnalytics(ctx.db, leadScope(request.user!)));
};
