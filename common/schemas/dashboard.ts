import { z } from 'zod';
import { moneySchema } from './money.ts';

/** GET /api/dashboard-stats: the member's own referrals and earnings. */
export const dashboardStatsSchema = z.object({
  totalReferrals: z.number(),
  totalCommissions: moneySchema,
  avgCommissionPerLead: moneySchema,
  /** Closed-won leads as a fraction of all the member's leads. */
  conversionRate: z.number(),
  pipeline: z.object({ submitted: z.number(), reviewing: z.number(), qualified: z.number(), inProgress: z.number(), closed: z.number() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/analytics/dashboard: counts and value per status over the leads the viewer may see. */
export const analyticsSchema = z.object({
  totalLeads: z.number(),
  conversionRate: z.number(),
  byStatus: z.record(z.string(), z.number()),
  openPipelineValue: moneySchema,
  closedWonValue: moneySchema,
  valueByStatus: z.record(z.string(), moneySchema),
  /** Every status's value times its pipeline factor (closed-lost included). */
  weightedPipelineValue: moneySchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;
