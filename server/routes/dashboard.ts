import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsSchema, dashboardStatsSchema } from '../../common/schemas/dashboard.ts';
import type { AppContext } from '../app.ts';
import { leadScope, seesAllLeads } from '../policies/leads.ts';
import { dashboardAnalytics, dashboardStats } from '../services/stats.ts';

/** Dashboard figures computed in SQL over indexes. */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dashboard-stats', { schema: { response: { 200: dashboardStatsSchema } } }, async (request) => dashboardStats(ctx.db, request.user!.id));
    // the organisation's figures come from the trigger-kept totals when the actor's scope is every lead
    app.get('/api/analytics/dashboard', { schema: { response: { 200: analyticsSchema } } }, async (request) =>
      dashboardAnalytics(ctx.db, leadScope(request.user!), seesAllLeads(request.user!)),
    );
  };
