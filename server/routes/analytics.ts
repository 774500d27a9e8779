import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsRangeSchema,
  applicationAnalyticsSchema,
  commissionAnalyticsSchema,
  communityAnalyticsSchema,
  eventAnalyticsSchema,
  funnelAnalyticsSchema,
  partnerEarningsSchema,
  referralAnalyticsSchema,
} from '../../common/schemas/analytics.ts';
import type { AppContext } from '../app.ts';
import { applicationAnalytics } from '../services/analytics/applications.ts';
import { commissionAnalytics } from '../services/analytics/commissions.ts';
import { communityAnalytics } from '../services/analytics/community.ts';
import { partnerEarnings } from '../services/analytics/earnings.ts';
import { eventAnalytics } from '../services/analytics/events.ts';
import { funnelAnalytics } from '../services/analytics/funnel.ts';
import { referralAnalytics } from '../services/analytics/referrals.ts';

/** Programme analytics for administrators (Admin Panel → Analytics), and a member's own earnings by month. */
export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { access: 'admin' as const };
    app.get('/api/analytics/referrals', { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: referralAnalyticsSchema } } }, async (request) =>
      referralAnalytics(ctx.db, request.query),
    );
    app.get('/api/analytics/funnel', { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: funnelAnalyticsSchema } } }, async (request) =>
      funnelAnalytics(ctx.db, request.query),
    );
    app.get(
      '/api/analytics/commissions',
      { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: commissionAnalyticsSchema } } },
      async (request) => commissionAnalytics(ctx.db, request.query, ctx.now()),
    );
    app.get('/api/analytics/events', { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: eventAnalyticsSchema } } }, async (request) =>
      eventAnalytics(ctx.db, request.query),
    );
    app.get('/api/analytics/community', { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: communityAnalyticsSchema } } }, async (request) =>
      communityAnalytics(ctx.db, request.query),
    );
    app.get(
      '/api/analytics/applications',
      { config: admin, schema: { querystring: analyticsRangeSchema, response: { 200: applicationAnalyticsSchema } } },
      async (request) => applicationAnalytics(ctx.db, request.query),
    );
    // the signed-in member's own commission only: the partner is the session's user, never a parameter
    app.get('/api/commissions/earnings', { config: { tokenScopes: ['commissions:read'] }, schema: { response: { 200: partnerEarningsSchema } } }, async (request) =>
      partnerEarnings(ctx.db, request.user!.id, ctx.now()),
    );
  };
